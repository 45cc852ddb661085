import { useEffect, useState } from 'react';
import { Button, Spinner, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentRegular, ImageOffRegular } from '@fluentui/react-icons';
import type { ClientServiceFile } from '@backoffice/contracts';
import { errorMessage } from '../../components/api';
import { useNotify } from '../../components/feedback';
import { fetchBlob } from './api';

const useStyles = makeStyles({
  thumb: {
    width: '72px',
    height: '72px',
    padding: 0,
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    cursor: 'pointer',
  },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
});

/** The file as an object URL (files need the bearer token, so no plain <img src>). */
function useObjectUrl(url: string, enabled = true): { src?: string; failed: boolean } {
  const [state, setState] = useState<{ src?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!enabled) return;
    let objectUrl: string | undefined;
    let alive = true;
    fetchBlob(url)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (alive) setState({ src: objectUrl, failed: false });
      })
      .catch(() => alive && setState({ failed: true }));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, enabled]);
  return state;
}

/** Opens a protected file in a new tab. */
export function useOpenFile() {
  const notify = useNotify();
  return async (file: ClientServiceFile) => {
    // Opened first (synchronously) so that the browser does not block it as a pop-up.
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await fetchBlob(file.url));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      tab?.close();
      notify.error(errorMessage(error), `Cannot open ${file.name}`);
    }
  };
}

/** A thumbnail of a transaction image; a click opens it whole. */
export function ImageThumbnail({ file }: { file: ClientServiceFile }) {
  const styles = useStyles();
  const open = useOpenFile();
  const isImage = file.contentType.startsWith('image/');
  const { src, failed } = useObjectUrl(file.url, isImage);
  return (
    <Tooltip content={`Open ${file.name}`} relationship="label">
      <button type="button" className={styles.thumb} onClick={() => void open(file)} data-testid="transaction-image">
        {!isImage ? (
          <DocumentRegular fontSize={28} />
        ) : failed ? (
          <ImageOffRegular fontSize={28} />
        ) : src ? (
          <img src={src} alt={file.name} className={styles.image} />
        ) : (
          <Spinner size="tiny" />
        )}
      </button>
    </Tooltip>
  );
}

/** A link-like button that opens a protected document. */
export function FileLink({ file }: { file: ClientServiceFile }) {
  const open = useOpenFile();
  return (
    <Button appearance="transparent" size="small" icon={<DocumentRegular />} onClick={() => void open(file)}>
      {file.name}
    </Button>
  );
}
