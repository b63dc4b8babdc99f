// What other features may use of marketing: the rest of the folder is its own.
export { pricingMeta } from './meta';
