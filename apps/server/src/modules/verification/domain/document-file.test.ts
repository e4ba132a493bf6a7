import { describe, expect, it } from 'vitest';
import { documentTypeOf, nameAgreesWith, sniffDocumentType } from './document-file';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

describe('a document file is judged by its bytes', () => {
  it('knows JPEG, PNG and PDF', () => {
    expect(sniffDocumentType(png)).toBe('png');
    expect(sniffDocumentType(jpeg)).toBe('jpeg');
    expect(sniffDocumentType(pdf)).toBe('pdf');
  });

  it('refuses SVG, HTML and anything else, whatever the name says', () => {
    expect(
      documentTypeOf('scan.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBe(null);
    expect(documentTypeOf('scan.pdf', Buffer.from('<!doctype html><script>1</script>'))).toBe(null);
    expect(documentTypeOf('scan.jpg', Buffer.alloc(0))).toBe(null);
  });

  it('refuses a PNG named .pdf, accepts a camera file without an extension', () => {
    expect(documentTypeOf('scan.pdf', png)).toBe(null);
    expect(documentTypeOf('photo.JPG', jpeg)).toBe('jpeg');
    expect(nameAgreesWith('image', 'jpeg')).toBe(true);
    expect(nameAgreesWith('statement.pdf.svg', 'pdf')).toBe(false);
  });
});
