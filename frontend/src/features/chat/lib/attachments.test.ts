import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  INVALID_FILE_HELP,
  attachmentOutcome,
  invalidFileTitle,
  isSupportedAttachment,
  sortAttachments,
} from './attachments';

const file = (name: string, type = '') => ({ name, type });

describe('chat attachments', () => {
  it.each(['plan.pdf', 'site.JPG', 'photo.jpeg', 'sketch.png', 'spec.docx', 'floor.dwg', 'floor.DXF'])(
    'accepts %s by its extension whatever its type',
    (name) => {
      expect(isSupportedAttachment(file(name))).toBe(true);
      expect(isSupportedAttachment(file(name, 'application/octet-stream'))).toBe(true);
    },
  );

  it.each([
    ['scan', 'application/pdf'],
    ['camera', 'image/jpeg'],
    ['shot', 'image/png'],
    ['notes', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['drawing', 'image/vnd.dwg'],
    ['drawing', 'image/vnd.dxf'],
    ['drawing', 'application/dxf; charset=binary'],
  ])('accepts %s of type %s without an extension', (name, type) => {
    expect(isSupportedAttachment(file(name, type))).toBe(true);
  });

  it.each([
    ['budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['old.doc', 'application/msword'],
    ['slides.pptx', ''],
    ['setup.exe', 'application/x-msdownload'],
    ['notes.txt', 'text/plain'],
    ['pdf', ''],
    ['archive.pdf.zip', 'application/zip'],
  ])('refuses %s (%s)', (name, type) => {
    expect(isSupportedAttachment(file(name, type))).toBe(false);
  });

  it('keeps the order of the files to send and sets the others apart', () => {
    const picked = [file('a.dxf'), file('b.exe'), file('c.pdf'), file('d.txt', 'text/plain')];
    expect(sortAttachments(picked)).toEqual({
      valid: [file('a.dxf'), file('c.pdf')],
      invalid: [file('b.exe'), file('d.txt', 'text/plain')],
    });
  });

  it('offers the supported kinds in the file picker', () => {
    for (const extension of ['.pdf', '.jpg', '.jpeg', '.png', '.docx', '.dwg', '.dxf'])
      expect(ATTACHMENT_ACCEPT.split(',')).toContain(extension);
  });

  it("says 'Invalid file: {filename}' with the spec's help text", () => {
    expect(invalidFileTitle('setup.exe')).toBe('Invalid file: setup.exe');
    expect(INVALID_FILE_HELP).toBe('Please upload supported files only (PDF, image, Word doc, DWG, or DXF).');
  });

  it('says nothing when every file went through', () => {
    expect(attachmentOutcome(3, 0)).toBeNull();
  });

  it("reports 'Partial upload success' with the counts when some failed", () => {
    expect(attachmentOutcome(2, 1, 'whatever')).toEqual({
      title: 'Partial upload success',
      description: '2 uploaded, 1 failed',
      destructive: false,
    });
  });

  it("reports 'Upload failed' when none went through, with the reason", () => {
    expect(attachmentOutcome(0, 2)).toEqual({
      title: 'Upload failed',
      description: 'None of the selected files could be uploaded.',
      destructive: true,
    });
    expect(attachmentOutcome(0, 1, 'Network connection error.')?.description).toBe(
      'None of the selected files could be uploaded. Network connection error.',
    );
  });
});
