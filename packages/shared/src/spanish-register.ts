/**
 * The product speaks Spanish in one register, usted ("Elija", "Su depósito"), as most of its texts
 * always did (issue 39: "tu operación" beside "Su depósito" on one screen). These are the words
 * that give a tú form away: pronouns and verb forms that only tú uses, and tú imperatives where a
 * sentence starts (mid-sentence "revisa" is also "él revisa": "nuestro equipo revisa su cuenta").
 */
const TU_WORDS = [
  'tu',
  'tú',
  'tus',
  'ti',
  'te',
  'contigo',
  'tuyo',
  'tuya',
  'puedes',
  'tienes',
  'eres',
  'estás',
  'has',
  'debes',
  'necesitas',
  'quieres',
  'quieras',
  'podrás',
  'recibirás',
  'verás',
  'volverás',
  'haz',
  'dinos',
  'invertiste',
  'inviertas',
  'aceptes',
  'prefieres',
  'cierres',
  'tengas',
  'crees',
  'elige',
  'introduce',
];

/** tú imperatives that, mid-sentence, are also the third person ("la persona que revisa"). */
const TU_IMPERATIVES_AT_START = [
  'revisa',
  'sube',
  'lee',
  'responde',
  'comprueba',
  'abre',
  'confirma',
  'escribe',
  'contacta',
  'inicia',
  'mira',
  'aprueba',
  'indica',
];

const WORD = new RegExp(`(?<![\\p{L}\\p{N}])(${TU_WORDS.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
/** At the start of the text or of a sentence, clause or quotation. */
const AT_START = new RegExp(
  `(?:^|[.:;!?¿¡"“(]\\s*)(${TU_IMPERATIVES_AT_START.join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** The tú forms in `text` ("tu", "puedes", "Revisa"), in order; none in usted texts. */
export function tuForms(text: string): string[] {
  const found = [...text.matchAll(WORD)].map((match) => match[1] ?? '');
  const starts = [...text.matchAll(AT_START)]
    .filter((match) => {
      // "Sube un 2 %" (it rises) is not an imperative: only flag what is followed by an object.
      return !(
        match[1]?.toLowerCase() === 'sube' &&
        /^\s+un\s/i.test(text.slice((match.index ?? 0) + match[0].length))
      );
    })
    .map((match) => match[1] ?? '');
  const copy = [...text.matchAll(/(?<![\p{L}])que copias(?![\p{L}])/giu)].map((m) => m[0]);
  return [...found, ...starts, ...copy];
}
