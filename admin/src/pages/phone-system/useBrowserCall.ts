import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { CrmDataProvider } from '../../providers/dataProvider';

export type BrowserCallState = 'idle' | 'connecting' | 'in-call' | 'ended' | 'failed';

export const MICROPHONE_DENIED = 'Microphone access was denied. Allow the microphone for this site in your browser to call from the computer.';

interface ActiveCall {
  disconnect(): void;
}
interface ActiveDevice {
  destroy(): void;
}

/**
 * An in-browser call through Twilio's Voice SDK: asks for the microphone, fetches an access token
 * (GET /api/phone-numbers/voice-token through the dataProvider), creates the Device and connects
 * with the params make-call answered.
 */
export function useBrowserCall() {
  const provider = useDataProvider<CrmDataProvider>();
  const [state, setState] = useState<BrowserCallState>('idle');
  const [error, setError] = useState<string | null>(null);
  const device = useRef<ActiveDevice | null>(null);
  const call = useRef<ActiveCall | null>(null);

  const cleanUp = useCallback(() => {
    call.current = null;
    device.current?.destroy();
    device.current = null;
  }, []);

  useEffect(() => cleanUp, [cleanUp]);

  const start = useCallback(
    async (params: Record<string, string>) => {
      setError(null);
      setState('connecting');
      try {
        if (navigator.mediaDevices?.getUserMedia) {
          const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
          stream.getTracks().forEach(track => track.stop());
        }
      } catch (reason) {
        setState('failed');
        setError((reason as DOMException)?.name === 'NotAllowedError' ? MICROPHONE_DENIED : `Microphone unavailable: ${(reason as Error).message}`);
        return;
      }
      try {
        const { token } = await provider.getVoiceToken();
        const { Device } = await import('@twilio/voice-sdk');
        const created = new Device(token, { logLevel: 'error' });
        device.current = created;
        created.on('error', (reason: { message?: string }) => {
          setError(reason?.message ?? 'The call failed');
          setState('failed');
        });
        const active = await created.connect({ params });
        call.current = active;
        active.on('accept', () => setState('in-call'));
        active.on('disconnect', () => {
          setState('ended');
          cleanUp();
        });
        active.on('cancel', () => setState('ended'));
        active.on('error', (reason: { message?: string; code?: number }) => {
          setError(reason?.code === 31401 || reason?.code === 31208 ? MICROPHONE_DENIED : (reason?.message ?? 'The call failed'));
          setState('failed');
        });
      } catch (reason) {
        setError((reason as Error)?.message ?? 'The call failed');
        setState('failed');
      }
    },
    [provider, cleanUp],
  );

  const hangUp = useCallback(() => {
    call.current?.disconnect();
    cleanUp();
    setState('ended');
  }, [cleanUp]);

  return { state, error, start, hangUp };
}
