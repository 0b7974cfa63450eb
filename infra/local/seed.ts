import type { Category } from '../../functions/contract';
import type { PostRepository } from '../../functions/domain/ports/posts';
import { randomUUID } from 'node:crypto';

/** The author id of the samples: no account, so every account may vote on them. */
export const SAMPLE_AUTHOR = 'sample';

/** A few anecdotes so a fresh local site is not empty. */
const SAMPLES: Array<{ name: string; category: Category; post: string }> = [
  {
    name: 'Lucía',
    category: 'trabajo',
    post: 'Hoy he presentado el informe trimestral con la cámara encendida y un filtro de patata que no sabía quitar. Mi jefe ha dicho que «por lo menos se me veía fresca». Vaya día.',
  },
  {
    name: 'Marcos',
    category: 'amor',
    post: 'Después de tres semanas hablando, por fin quedo con ella. Llego, me siento y descubro que es la ex de mi hermano. Lo sabía todo de mí. Todo. Vaya día.',
  },
  {
    name: 'Carmen',
    category: 'familia',
    post: 'Mi madre ha descubierto los audios de WhatsApp. Hoy me ha mandado once, de cuatro minutos cada uno, para preguntarme si había comido. Vaya día.',
  },
  {
    name: 'Javi',
    category: 'amistad',
    post: 'Organizo una fiesta sorpresa para mi mejor amigo. Llega, abre la puerta, grita «¡sorpresa!» él… porque se había olvidado de que era su cumpleaños y venía a devolverme el taladro. Vaya día.',
  },
  {
    name: 'Nuria',
    category: 'varios',
    post: 'He perdido el autobús por tres segundos. El conductor me ha mirado, ha sonreído y ha arrancado. Al llegar a la siguiente parada andando, me lo he vuelto a encontrar esperando. Ha vuelto a arrancar. Vaya día.',
  },
  {
    name: 'Pablo',
    category: 'picante',
    post: 'Primera cita en un restaurante tailandés. Pido «poco picante» para quedar bien. Me he pasado la cena llorando y ella creía que me estaba emocionando con su historia. Vaya día.',
  },
  {
    name: 'Elena',
    category: 'trabajo',
    post: 'Respondo «a todos» a un correo de la empresa diciendo «qué pesado es este hombre». El hombre era el director general y el correo era su despedida. Vaya día.',
  },
  {
    name: 'Sergio',
    category: 'familia',
    post: 'Mi abuela me pide que le enseñe a usar el móvil. Hoy tiene más seguidores que yo en todas las redes. Vaya día.',
  },
  {
    name: 'Ana',
    category: 'varios',
    post: 'He ido a la peluquería a cortarme «solo las puntas». Ahora mismo llevo el pelo exactamente como mi tío Paco en la foto de su comunión. Vaya día.',
  },
  {
    name: 'David',
    category: 'amor',
    post: 'Le pido matrimonio a mi novia en la playa, al atardecer. Se me cae el anillo en la arena. Seguimos buscándolo cuando ya era de noche, con la linterna del móvil. Dijo que sí, eso sí. Vaya día.',
  },
];

/** A few more that wait in moderation, so `/moderar` has work on a fresh site. */
const PENDING_SAMPLES: Array<{ name: string; category: Category; post: string }> = [
  {
    name: 'Irene',
    category: 'trabajo',
    post: 'Primer día en la oficina nueva. Saludo con dos besos al que creía que era un compañero: era el cliente más importante de la empresa. Vaya día.',
  },
  {
    name: 'Tomás',
    category: 'familia',
    post: 'Mi hijo de cinco años le ha contado a toda la clase que en casa «papá duerme en el sofá cuando mamá se enfada». Hoy tocaba tutoría. Vaya día.',
  },
  {
    name: 'Lola',
    category: 'amistad',
    post: 'Quedo con mis amigas para cenar y llego la primera. Pasa una hora. Miro el grupo: la cena era mañana. Vaya día.',
  },
];

/**
 * Writes the samples when the store is empty: published ones with their dates spread over the past
 * days, and a few pending ones. Their author is `sample`, so every account may vote on them.
 */
export async function seedIfEmpty(posts: PostRepository, now = new Date()): Promise<number> {
  const { items } = await posts.page({ limit: 1 });
  if (items.length > 0) return 0;
  const write = (sample: (typeof SAMPLES)[number], createdAt: string, published: boolean) =>
    posts.insert({
      ...sample,
      id: randomUUID(),
      createdAt,
      publishedAt: published ? createdAt : null,
      status: published ? 'published' : 'pending',
      authorId: SAMPLE_AUTHOR,
      votes: { agree: 0, deserved: 0 },
      comments: 0,
      moderation: { score: 0, votes: 0 },
      reports: 0,
    });
  for (const [index, sample] of SAMPLES.entries()) {
    await write(sample, new Date(now.getTime() - (SAMPLES.length - index) * 7 * 60 * 60 * 1000).toISOString(), true);
  }
  for (const [index, sample] of PENDING_SAMPLES.entries()) {
    await write(sample, new Date(now.getTime() - (PENDING_SAMPLES.length - index) * 20 * 60 * 1000).toISOString(), false);
  }
  return SAMPLES.length + PENDING_SAMPLES.length;
}
