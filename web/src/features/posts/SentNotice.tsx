import { Link } from 'react-router-dom';

/** Shown on / after `Enviar`: the post waits for the community before it reaches the feeds. */
export function SentNotice({ onClose }: { onClose: () => void }) {
  return (
    <div className="sent-notice" role="status">
      <p className="sent-notice__text">
        <strong>¡Gracias por tu anécdota!</strong> Está en moderación: aparecerá en portada cuando la comunidad la apruebe. Puedes seguirla
        en <Link to="/mis-anecdotas">Mis anécdotas</Link>.
      </p>
      <button type="button" className="link-button sent-notice__close" onClick={onClose} aria-label="Cerrar el aviso">
        Cerrar
      </button>
    </div>
  );
}
