import { describe, expect, it } from 'vitest';
import { findPersonalData } from '../../functions/contract/personalData';
import { validateCreateComment } from '../../functions/contract/comments';
import { validateCreatePost } from '../../functions/contract/posts';

describe('personal data in a submission', () => {
  it.each([
    ['an e-mail', 'Escribidme a lucia.perez@gmail.com y os cuento', 'email'],
    ['a mobile number', 'Llamadme al 612345678 si os pasa', 'phone'],
    ['a number with +34 and spaces', 'Mi número es +34 612 34 56 78', 'phone'],
    ['a number with 0034 and dashes', 'el 0034-712-345-678, de mi jefe', 'phone'],
    ['a landline in groups', 'El fijo de casa: 91 123 45 67', 'phone'],
    ['a DNI', 'Perdí el DNI 12345678Z en el metro', 'id'],
    ['a DNI with a dash', 'con DNI 12345678-Z', 'id'],
    ['an NIE', 'Mi NIE es X1234567L, qué vergüenza', 'id'],
  ])('finds %s', (_what, text, kind) => {
    expect(findPersonalData(text)).toBe(kind);
  });

  it.each([
    'Me levanté a las 7 y llegué tarde igual',
    'Estuve 3 horas esperando al técnico',
    'Me costó 1.000.000 de disgustos y 250 euros',
    'En 2026 me pasó otra vez, el 12/11',
    'El autobús 27 no pasó en 45 minutos',
    'Mi contraseña era 12345678 y me la robaron',
    'Un código de pedido 12345678A que no es un DNI',
    'Con la mano en la arroba @ y sin correo',
    'Anécdota 3f1c9a2e-6123-4567-8b9c-a61234567890',
    'Pedido 12345678-b1c2 y referencia 9123-4567-8x',
  ])('lets through «%s»', (text) => {
    expect(findPersonalData(text)).toBeUndefined();
  });

  it('finds none in any of a thousand random ids (the tests send posts named by one)', () => {
    for (let i = 0; i < 1000; i++) {
      const id = crypto.randomUUID();
      expect(findPersonalData(`Anécdota ${id}`), id).toBeUndefined();
    }
  });

  it('refuses posts and comments that hold it, with PERSONAL_DATA, after the length rules', () => {
    expect(validateCreatePost({ category: 'varios', post: 'Llamadme al 612345678' })).toEqual({ ok: false, code: 'PERSONAL_DATA' });
    expect(validateCreateComment({ text: 'Mi correo: yo@example.com' })).toEqual({ ok: false, code: 'PERSONAL_DATA' });
    expect(validateCreatePost({ category: 'varios', post: `612345678 ${'x'.repeat(300)}` })).toEqual({ ok: false, code: 'POST_TOO_LONG' });
    expect(validateCreatePost({ category: 'varios', post: 'Me levanté a las 7' })).toMatchObject({ ok: true });
  });
});
