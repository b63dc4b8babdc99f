// What other features may use of documents: the rest of the folder is its own.
export {
  UploadError,
  analysisQueryKey,
  documentsQueryKey,
  uploadDocuments,
  useAnalysis,
  useDocuments,
  type DocumentAnalysis,
  type PageScale,
  type ProjectDocument,
} from './api/documents';
export { DocumentsPanel } from './components/DocumentsPanel';
export { DrawingUnitsFix } from './components/DrawingUnitsFix';
export { unitName } from './lib/drawing-units';
export { DOCUMENT_STATUS } from './lib/document-status';
export { MAX_FILE_MB, tooLarge, uploadFailureMessage } from './lib/upload-messages';
