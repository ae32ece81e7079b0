/** The id of the payment estimate on a car's page, where the footer's 'Check your rate' leads. */
export const PAYMENT_ESTIMATE_ID = 'payment-estimate';
