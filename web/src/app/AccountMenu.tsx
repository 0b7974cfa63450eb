import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

/**
 * The account menu of a phone's header (hidden on a wide screen, where the same links are in the
 * header itself): a disclosure button — not an ARIA menu, whose arrow-key model a list of links does
 * not need — opening «Mis anécdotas», «Guardadas», «Mi cuenta» and Logout. It closes when an item is
 * chosen, on Escape (focus back on the button), on a tap or click outside it, and when the page changes
 * (the browser's «atrás» too).
 */
export function AccountMenu({ onSignOut }: { onSignOut: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();
  // Closed by navigation: a state of its own for the page it was opened on (no effect needed).
  const [openedOn, setOpenedOn] = useState(key);
  if (open && openedOn !== key) {
    setOpen(false);
    setOpenedOn(key);
  }

  // Closed at once when an item is chosen: the next page may take a moment to load.
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpenedOn(key);
          setOpen((was) => !was);
        }}
      >
        <MenuIcon />
        <span className="visually-hidden">Menú de tu cuenta</span>
      </button>
      <ul id={panelId} className="account-menu__panel" hidden={!open}>
        <li>
          <NavLink className="account-menu__item" to="/mis-anecdotas" onClick={close}>
            Mis anécdotas
          </NavLink>
        </li>
        <li>
          <NavLink className="account-menu__item" to="/guardadas" onClick={close}>
            Guardadas
          </NavLink>
        </li>
        <li>
          <NavLink className="account-menu__item" to="/cuenta" onClick={close}>
            Mi cuenta
          </NavLink>
        </li>
        <li>
          <button type="button" className="account-menu__item" onClick={onSignOut}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}

function MenuIcon() {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
