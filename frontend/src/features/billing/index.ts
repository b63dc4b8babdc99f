// What other features may use of billing: the rest of the folder is its own.
export { cancelSubscription, subscriptionQueryKey, useSubscription, type Subscription } from './api/subscription';
export { formatUsd, planById } from './lib/plans';
export {
  daysLeft,
  formatDay,
  isEntitled,
  subscriptionLabel,
  subscriptionState,
  trialDaysLeftForBanner,
  upgradeLinkLabel,
  type SubscriptionState,
} from './lib/subscription';
