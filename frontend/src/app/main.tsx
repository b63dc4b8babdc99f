import { bootOnFirstInteraction, rotateHeadlineUntilBoot, servedToSignedOutVisitor } from '@/app/deferred-boot';
import '@/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const boot = () => import('@/app/boot').then(({ boot }) => boot(container));

// A public page the gateway sent whole to a visitor who is not signed in reads
// and navigates without the app (its links are plain links): the app's code is
// fetched and run when the visitor first touches, clicks, types or focuses,
// so the page is ready at once even on a slow phone. Everyone else gets the app now.
if (servedToSignedOutVisitor(container)) {
  bootOnFirstInteraction(container, rotateHeadlineUntilBoot(container, boot));
} else {
  void boot();
}
