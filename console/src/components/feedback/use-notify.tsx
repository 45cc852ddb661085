import { useMemo } from 'react';
import { Toast, ToastBody, ToastTitle, useToastController, type ToastIntent } from '@fluentui/react-components';

/** The id of the app's single <Toaster>; rendered once, in app/console-providers.tsx. */
export const APP_TOASTER_ID = 'app-toaster';

export interface Notify {
  success(message: string, title?: string): void;
  info(message: string, title?: string): void;
  warning(message: string, title?: string): void;
  error(message: string, title?: string): void;
}

/**
 * Toast notifications. With a title, the title is the heading and the message the body;
 * without one, the message is the heading. Errors stay longer than the rest.
 */
export function useNotify(): Notify {
  const { dispatchToast } = useToastController(APP_TOASTER_ID);

  return useMemo(() => {
    const show = (intent: ToastIntent, message: string, title?: string) => {
      dispatchToast(
        <Toast>
          <ToastTitle>{title ?? message}</ToastTitle>
          {title !== undefined && <ToastBody>{message}</ToastBody>}
        </Toast>,
        { intent, timeout: intent === 'error' ? 8000 : 4000, pauseOnHover: true },
      );
    };
    return {
      success: (message, title) => show('success', message, title),
      info: (message, title) => show('info', message, title),
      warning: (message, title) => show('warning', message, title),
      error: (message, title) => show('error', message, title),
    };
  }, [dispatchToast]);
}
