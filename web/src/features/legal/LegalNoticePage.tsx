import { Link } from 'react-router-dom';
import { PAGE_TITLES, SITE_NAME, LEGAL_PATHS } from '@contract/documents';
import { LegalDocument, OperatorDetail } from './LegalDocument';

/**
 * `/aviso-legal`: who runs the site and how to reach them (Ley 34/2002, LSSI-CE, art. 10), with the
 * operator's details from the deployment.
 */
export default function LegalNoticePage() {
  return (
    <LegalDocument title={PAGE_TITLES.legalNotice} updated="noviembre de 2026">
      {(details) => (
        <>
          <h2>Titular del sitio</h2>
          <dl className="legal-facts">
            <dt>Titular</dt>
            <dd>
              <OperatorDetail details={details} field="name" />
            </dd>
            <dt>NIF</dt>
            <dd>
              <OperatorDetail details={details} field="nif" />
            </dd>
            <dt>Dirección</dt>
            <dd>
              <OperatorDetail details={details} field="address" />
            </dd>
            <dt>Correo de contacto</dt>
            <dd>
              <OperatorDetail details={details} field="email" />
            </dd>
          </dl>
          <h2>Qué es {SITE_NAME}</h2>
          <p>
            {SITE_NAME} es un sitio gratuito de anécdotas cortas de días malos, escritas por sus lectores. No vende nada ni muestra
            publicidad.
          </p>
          <h2>Contenido de los usuarios</h2>
          <p>
            Cada anécdota y cada comentario es de quien lo escribe. Antes de publicarse, la comunidad o los moderadores revisan las
            anécdotas, y cualquiera puede denunciar una anécdota o un comentario con «Denunciar». Si crees que algo publicado aquí vulnera
            tus derechos, escríbenos al correo de contacto y lo revisaremos.
          </p>
          <h2>Datos personales</h2>
          <p>
            Qué datos guardamos, para qué y cómo ejercer tus derechos está en <Link to={LEGAL_PATHS.privacy}>Privacidad</Link>.
          </p>
        </>
      )}
    </LegalDocument>
  );
}
