/**
 * Web push for new notifications, as the modules that write notifications see it (`app.push`,
 * made by the push module): they call `notify` once the notification's row committed (beside
 * the realtime event); the sends run in the background, never holding the response.
 */
export interface PushNotifier {
  notify(recipientId: string, notificationId: string): void;
}
