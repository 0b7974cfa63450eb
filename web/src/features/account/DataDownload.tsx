import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@aws-amplify/ui-react';
import { EXPORT_RATE_LIMIT } from '@contract/accountData';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ApiError, errorMessage, useApi, type DownloadedFile } from '../../lib/api';

/** The name the file is saved under when the server gives none. */
const FALLBACK_NAME = 'vaya-dia-mis-datos.json';

/** What to say when a download fails: the day's limit in its own words, anything else as the API says it. */
function downloadError(failure: unknown): string {
  if (failure instanceof ApiError && failure.code === 'RATE_LIMITED') {
    return `Ya has descargado tus datos ${EXPORT_RATE_LIMIT.count} veces hoy. Podrás volver a hacerlo mañana.`;
  }
  return errorMessage(failure);
}

/**
 * «Descargar mis datos»: the account's data (`GET /me/export`) saved as the JSON file the server names,
 * through a link to the downloaded Blob that the button clicks; the link stays, so the file can be saved
 * again without asking the server (each download counts against the day's limit).
 */
export function DataDownload() {
  const api = useApi();
  const link = useRef<HTMLAnchorElement>(null);
  const [file, setFile] = useState<{ url: string; name: string } | null>(null);
  const download = useMutation({
    mutationFn: (): Promise<DownloadedFile> => api.download('accounts.export'),
    onSuccess: ({ blob, fileName }) => setFile({ url: URL.createObjectURL(blob), name: fileName ?? FALLBACK_NAME }),
  });

  // Saves the file once its link is there; the object URL is released when a new one replaces it or the page goes.
  useEffect(() => {
    if (!file) return;
    link.current?.click();
    return () => URL.revokeObjectURL(file.url);
  }, [file]);

  return (
    <div className="stack data-download">
      <p>
        Puedes descargar en un archivo todo lo que guardamos de tu cuenta: tu email y tu apodo, tus anécdotas (también las que esperan o se
        rechazaron), tus comentarios, tus votos, tus guardadas, tus avisos y tus denuncias.
      </p>
      {download.isError && <ErrorAlert>{downloadError(download.error)}</ErrorAlert>}
      <Button onClick={() => download.mutate()} isLoading={download.isPending} loadingText="Preparando tus datos…">
        Descargar mis datos
      </Button>
      {file && (
        <p className="data-download-ready" role="status">
          Tus datos están listos.{' '}
          <a ref={link} href={file.url} download={file.name}>
            Guardar {file.name}
          </a>
        </p>
      )}
    </div>
  );
}
