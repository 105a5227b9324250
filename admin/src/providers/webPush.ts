import { notificationMethods } from './methods/notifications';

/** The service worker that shows pushed notifications (admin/public/sw.js). */
const WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration(WORKER_URL)) ?? navigator.serviceWorker.register(WORKER_URL);
}

/** Whether this browser has a push subscription the server knows for the signed-in user. */
export async function pushEnabledHere(): Promise<boolean> {
  if (!pushSupported()) return false;
  const existing = await (await navigator.serviceWorker.getRegistration(WORKER_URL))?.pushManager.getSubscription();
  return existing ? notificationMethods.pushSubscribed(existing.endpoint) : false;
}

/** Asks the permission (call it from a click), subscribes this browser and registers it with the server. */
export async function enablePushHere(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site in the browser settings');
  const worker = await registration();
  await navigator.serviceWorker.ready;
  const key = await notificationMethods.vapidPublicKey();
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await notificationMethods.pushSubscribe(subscription.toJSON());
}

export async function disablePushHere(): Promise<void> {
  const subscription = await (await navigator.serviceWorker.getRegistration(WORKER_URL))?.pushManager.getSubscription();
  if (!subscription) return;
  await notificationMethods.pushUnsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}
