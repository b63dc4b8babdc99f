import { describe, expect, it } from 'vitest';
import { UploadError } from '@/features/documents/api/documents';
import { ACCEPT, uploadFailureMessage } from './upload-messages';

describe('uploadFailureMessage', () => {
  it('says a refused batch stored none of its files', () => {
    const refused = new UploadError('http', 400, {
      message: 'The file type of bad2.pdf does not match its contents: it is named .pdf but holds a PNG image.',
    });
    const message = uploadFailureMessage(refused, 3);
    expect(message.title).toBe('Unsupported file type');
    expect(message.description).toMatch(/bad2\.pdf/);
    expect(message.description).toMatch(/None of the 3 files was uploaded\.$/);
  });

  it('keeps the single-file texts as they were', () => {
    const message = uploadFailureMessage(new UploadError('http', 500, { message: 'boom' }));
    expect(message).toEqual({
      title: 'Upload failed',
      description: 'There was an error uploading your file(s). Please try again.',
    });
  });
});

describe('ACCEPT', () => {
  it('lets the file picker offer OpenDocument spreadsheets beside Excel ones', () => {
    expect(ACCEPT.split(',')).toEqual(expect.arrayContaining(['.xls', '.xlsx', '.ods']));
  });
});
