/** The global grid (`null`) or a customer's. */
export const payableGridPath = (customerId: number | null) =>
  customerId === null ? '/payable-grid' : `/customers/${customerId}/payable-grid`;
