import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { UploadButton, type UploadCompleteResult } from '../src/components/UploadButton';
import { dataProvider } from '../src/providers/dataProvider';

/**
 * The upload button as the voicemail greeting will use it: audio only, through the data
 * provider's upload method, with the result shown so the end-to-end test can read it.
 */
function Harness() {
  const [result, setResult] = useState<UploadCompleteResult | null>(null);
  return (
    <main>
      <UploadButton
        allowedFileTypes={['.mp3', '.wav']}
        note="MP3 or WAV, up to 5 MB"
        onGetUploadParameters={(file) => dataProvider.getUploadParameters({ filename: file.name, type: file.type, size: file.size, purpose: 'greeting_audio' })}
        onComplete={setResult}
      >
        Upload audio
      </UploadButton>
      <output data-testid="upload-result">{result ? JSON.stringify(result) : ''}</output>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
