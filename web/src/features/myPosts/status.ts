import type { PostStatus } from '@contract/posts';

/** Each status in Spanish, as «Mis anécdotas» shows it, with what it means for the author. */
export const STATUS_TEXT: Record<PostStatus, { label: string; hint: string }> = {
  pending: { label: 'pendiente', hint: 'La comunidad la está votando en Moderar.' },
  published: { label: 'publicada', hint: 'Está en portada.' },
  rejected: { label: 'rechazada', hint: 'La comunidad o la moderación decidió no publicarla.' },
  removed: { label: 'eliminada', hint: 'La eliminaste tú o la moderación.' },
  hidden: { label: 'oculta', hint: 'Varias personas la han denunciado: la moderación la revisará.' },
};
