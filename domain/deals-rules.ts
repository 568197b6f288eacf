// No zod here: screens read these without loading the schemas (issue 26).

export const dealMessages = {
  textRequired: "Please describe the deal",
  textTooLong: "Deal must be less than 200 characters",
  detailsTooLong: "Details must be less than 2000 characters",
  alreadyEnded: "The deal has already ended",
  dayRequired: "Pick at least one day",
  hoursEqual: "The deal must end at another hour than it starts",
  timeInvalid: "Pick a time",
  dateInvalid: "Pick a date",
  timeZoneInvalid: "Unknown time zone",
  notFound: "Deal not found",
  // Dialog and toasts.
  dialogTitle: "New Deal",
  submit: "Share Deal",
  shared: "Deal shared!",
  // The card's "Deal" badge and "Ended" are DEAL_CARD_TEXT (deal-when.ts).
} as const;
