import { describe, expect, it } from 'vitest';
import { tuForms } from './spanish-register';

describe('tuForms', () => {
  it('finds the words that give tú away, on word boundaries', () => {
    expect(tuForms('Disponible, más tu operación abierta')).toEqual(['tu']);
    expect(tuForms('Antes de tu primera operación, elige una respuesta')).toEqual(['tu', 'elige']);
    expect(tuForms('Ya puedes invertir. Revisa tus documentos.')).toEqual([
      'puedes',
      'tus',
      'Revisa',
    ]);
  });

  it('leaves usted and third-person texts alone', () => {
    expect(tuForms('Elija un plan; su depósito aparece como pendiente.')).toEqual([]);
    expect(tuForms('Nuestro equipo revisa su cuenta y la tutela; actual, tubo')).toEqual([]);
    expect(tuForms('Sube un 12% desde que empezó a invertir')).toEqual([]);
  });
});
