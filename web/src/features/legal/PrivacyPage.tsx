import { Link } from 'react-router-dom';
import { PAGE_TITLES, SITE_NAME, LEGAL_PATHS } from '@contract/documents';
import { LegalDocument, OperatorDetail, regionText } from './LegalDocument';

/** Where «Mi cuenta» is: «Descargar mis datos» and «Borrar mi cuenta» live there. */
const ACCOUNT_PATH = '/cuenta';

/**
 * `/privacidad`: what the site stores and why, for how long, who processes it, the rights and how to use
 * them on the site, and the storage the browser keeps (only what the site needs: no cookie banner).
 * Each statement follows the code: the tables and their expiry (docs/data-model.md), the log retention
 * of the stack, the browser storage of web/src (docs/web.md).
 */
export default function PrivacyPage() {
  return (
    <LegalDocument title={PAGE_TITLES.privacy} updated="noviembre de 2026">
      {(details) => (
        <>
          <p>Aquí explicamos, sin letra pequeña, qué datos guarda {SITE_NAME}, para qué, cuánto tiempo y cómo decides tú sobre ellos.</p>
          <h2>Responsable</h2>
          <p>
            <OperatorDetail details={details} field="name" /> (NIF <OperatorDetail details={details} field="nif" />
            ), <OperatorDetail details={details} field="address" />. Para cualquier cuestión sobre tus datos:{' '}
            <OperatorDetail details={details} field="email" />. Más datos del titular en el{' '}
            <Link to={LEGAL_PATHS.legalNotice}>Aviso legal</Link>.
          </p>

          <h2>Qué guardamos y para qué</h2>
          <ul className="legal-list">
            <li>
              <strong>Tu cuenta</strong>: tu correo electrónico y tu contraseña, para que puedas entrar y recuperar el acceso. La contraseña
              la guarda Amazon Cognito de forma que nadie, tampoco nosotros, puede leerla. Si entras con Google, Google nos da tu correo. Tu
              correo nunca se publica ni se muestra a otros usuarios.
            </li>
            <li>
              <strong>Tu apodo</strong>, el nombre con que firmas, y desde cuándo lo tienes. Es público: aparece en lo que publicas y en tu
              página de autor. Si lo cambias, el anterior sigue llevando a tu página 90 días, salvo que otra persona lo elija.
            </li>
            <li>
              <strong>Lo que escribes</strong>: tus anécdotas (también las que esperan moderación o se rechazaron, con el motivo) y tus
              comentarios, con su fecha y categoría. Las anécdotas publicadas y los comentarios son públicos.
            </li>
            <li>
              <strong>Lo que haces en el sitio</strong>: tus votos a las anécdotas y en la moderación, las anécdotas que guardas y tus
              denuncias con su motivo. No se muestran a nadie: solo cuentan en los totales y sirven para moderar.
            </li>
            <li>
              <strong>Moderación</strong>: si un moderador suspende tu cuenta, el motivo, las fechas y quién lo decidió; y el registro de lo
              que hacen los moderadores, para que sus decisiones se puedan revisar.
            </li>
            <li>
              <strong>Tus avisos</strong>: las notificaciones de «Avisos» (una anécdota tuya publicada o rechazada, comentarios, su entrada
              en el Top), para mostrártelas.
            </li>
            <li>
              <strong>Notificaciones en el dispositivo</strong>, solo si las activas: la dirección que el servicio de notificaciones de tu
              navegador da a tu dispositivo y sus claves, para enviarte los avisos.
            </li>
            <li>
              <strong>Datos técnicos</strong>, para que el sitio funcione y para protegerlo de abusos: tu conexión en directo mientras
              tienes una página abierta, cada envío durante un tiempo (para no publicar dos veces lo mismo y limitar los envíos seguidos) y
              los registros de las peticiones: la dirección IP, la dirección pedida, el navegador y la hora.
            </li>
          </ul>
          <p>
            Tratamos estos datos para darte el servicio que pides al registrarte y usar el sitio (art. 6.1.b del RGPD), y los datos técnicos
            por nuestro interés legítimo en mantenerlo seguro (art. 6.1.f). No vendemos datos, no mostramos publicidad y no usamos analítica
            de terceros.
          </p>

          <h2>Cuánto tiempo</h2>
          <ul className="legal-list">
            <li>Tu cuenta, tu apodo, lo que escribes, tus votos y tus guardadas: mientras tengas la cuenta, o hasta que los borres.</li>
            <li>Tus avisos: 90 días desde su último cambio.</li>
            <li>
              Las notificaciones en el dispositivo: hasta que las desactives, borres la cuenta o el servicio de tu navegador diga que el
              dispositivo ya no existe.
            </li>
            <li>
              Los datos técnicos: la conexión en directo, como mucho 2 horas y media; cada envío, 24 horas; los registros de las peticiones,
              30 días (90 días los de la red que entrega las páginas).
            </li>
            <li>Las copias de seguridad de los datos, para recuperarlos tras un fallo: como mucho 35 días.</li>
            <li>
              Al borrar tu cuenta se borran en el momento tu correo y tu acceso, tu apodo queda libre y tus dispositivos dejan de recibir
              avisos. Tus anécdotas y comentarios se quedan firmados «Anonimo», o se borran también si eliges «Borrar también mis anécdotas
              y comentarios». Tus votos siguen contando en los totales sin relación con ningún correo ni apodo. La marca de cuenta borrada
              se guarda 2 días.
            </li>
          </ul>

          <h2>Quién trata los datos</h2>
          <p>
            Los datos se guardan en Amazon Web Services (AWS), que trata los datos por cuenta nuestra, en {regionText(details)}. Si entras
            con Google, Google te identifica. Si activas las notificaciones en el dispositivo, el servicio de notificaciones de tu navegador
            (de Google, Mozilla, Apple o Microsoft) entrega el texto de cada aviso.
          </p>

          <h2>Tus derechos y cómo ejercerlos</h2>
          <p>
            Puedes acceder a tus datos, rectificarlos, suprimirlos, llevártelos (portabilidad), oponerte a su tratamiento y pedir que se
            limite. En el sitio:
          </p>
          <ul className="legal-list">
            <li>
              <strong>Acceso y portabilidad</strong>: «Descargar mis datos» en <Link to={ACCOUNT_PATH}>Mi cuenta</Link> te da un archivo
              JSON con todo lo que guardamos de tu cuenta.
            </li>
            <li>
              <strong>Rectificación</strong>: cambia tu apodo en <Link to={ACCOUNT_PATH}>Mi cuenta</Link>; una anécdota rechazada se puede
              corregir y volver a enviar desde «Mis anécdotas».
            </li>
            <li>
              <strong>Supresión</strong>: borra una anécdota en «Mis anécdotas» o un comentario tuyo con «Borrar»; «Borrar mi cuenta» en{' '}
              <Link to={ACCOUNT_PATH}>Mi cuenta</Link> borra la cuenta y, si lo eliges, todo lo que escribiste.
            </li>
            <li>
              <strong>Oposición, limitación y todo lo demás</strong>: escríbenos a <OperatorDetail details={details} field="email" />. Te
              contestaremos en un mes como mucho.
            </li>
          </ul>
          <p>
            Si crees que no tratamos bien tus datos, puedes reclamar ante la Agencia Española de Protección de Datos (
            <a href="https://www.aepd.es" rel="noopener noreferrer">
              www.aepd.es
            </a>
            ).
          </p>

          <h2>Lo que se guarda en tu navegador</h2>
          <p>
            {SITE_NAME} no usa cookies propias ni de terceros, ni para analítica ni para publicidad. Solo guarda en tu navegador lo que
            necesita para funcionar, por eso no te pedimos permiso con un aviso de cookies:
          </p>
          <ul className="legal-list">
            <li>
              Tu sesión (almacenamiento local, claves <code>CognitoIdentityServiceProvider.*</code>): para que sigas dentro mientras no
              cierres sesión; también, mientras dura, un acceso con Google en curso.
            </li>
            <li>
              <code>vaya-dia:apodo</code> (almacenamiento local): el apodo que elegiste al registrarte, hasta que confirmas el correo (una
              semana como mucho).
            </li>
            <li>
              <code>vaya-dia:explicacion-votos-cerrada</code> (almacenamiento local): que cerraste la explicación de los votos, para no
              mostrártela más.
            </li>
            <li>
              <code>vaya-dia:intent</code> (almacenamiento de la pestaña): un voto o un «Guardar» que pulsaste antes de iniciar sesión, para
              ofrecértelo al volver (30 minutos).
            </li>
            <li>
              Copias de páginas públicas (la caché del sitio instalado): para que puedas leer sin conexión lo que ya leíste. Nunca guarda
              nada de tu cuenta.
            </li>
          </ul>
          <p>Si entras con Google, la página de acceso de Amazon Cognito usa sus propias cookies, solo para ese acceso.</p>
        </>
      )}
    </LegalDocument>
  );
}
