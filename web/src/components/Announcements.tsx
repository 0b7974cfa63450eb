import { useEffect } from 'react';
import { dismissAnnouncement, useAnnouncement } from '../lib/announcer';

/** How long a confirmation stays before it closes by itself. */
const SHOWN_FOR_MS = 10_000;

/**
 * The site's status area: the latest announcement (lib/announcer.ts), read out politely by screen
 * readers (the region is always in the page, so the change is what they announce), with «Cerrar».
 */
export function Announcements() {
  const announcement = useAnnouncement();
  useEffect(() => {
    if (!announcement) return;
    const timer = setTimeout(() => dismissAnnouncement(announcement.id), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [announcement]);
  return (
    <div className="announcements" role="status">
      {announcement && (
        <p className="announcements__item">
          <span>{announcement.text}</span>
          <button type="button" className="link-button" onClick={() => dismissAnnouncement(announcement.id)}>
            Cerrar
          </button>
        </p>
      )}
    </div>
  );
}
