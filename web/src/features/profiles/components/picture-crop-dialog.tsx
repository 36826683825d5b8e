import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The square the user frames the picture in, and the size sent to the API (it stores 512 x 512). */
const VIEW = 280;
const OUTPUT = 512;
const MAX_ZOOM = 3;
const KEY_STEP = 12;

interface Frame {
  zoom: number;
  x: number;
  y: number;
}

interface PictureCropDialogProps {
  /** Mount the dialog once per picture (`key`): the frame starts centred on it. */
  image: HTMLImageElement;
  busy: boolean;
  onCancel: () => void;
  onCropped: (picture: Blob) => void;
}

/** The picture's size in the viewport at `zoom` 1: it just covers the square. */
function baseScale(image: HTMLImageElement): number {
  return VIEW / Math.min(image.naturalWidth, image.naturalHeight);
}

/** Keeps the square covered: the picture's edges may not come inside it. */
function clamp(image: HTMLImageElement, frame: Frame): Frame {
  const scale = baseScale(image) * frame.zoom;
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  return {
    zoom: frame.zoom,
    x: Math.min(0, Math.max(VIEW - width, frame.x)),
    y: Math.min(0, Math.max(VIEW - height, frame.y)),
  };
}

function centred(image: HTMLImageElement): Frame {
  const scale = baseScale(image);
  return { zoom: 1, x: (VIEW - image.naturalWidth * scale) / 2, y: (VIEW - image.naturalHeight * scale) / 2 };
}

/** Draws the framed square onto a canvas and returns it as a JPEG (white behind transparent parts). */
function cropToBlob(image: HTMLImageElement, frame: Frame): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT;
  canvas.height = OUTPUT;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  const scale = baseScale(image) * frame.zoom;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, OUTPUT, OUTPUT);
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    -frame.x / scale,
    -frame.y / scale,
    VIEW / scale,
    VIEW / scale,
    0,
    0,
    OUTPUT,
    OUTPUT,
  );
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/jpeg', 0.92),
  );
}

/**
 * A simple square crop before upload: drag (or use the arrow keys) to move the picture, the slider to zoom.
 * The API centre-crops whatever it gets, so what is framed here is what the profile shows.
 */
export function PictureCropDialog({ image, busy, onCancel, onCropped }: PictureCropDialogProps) {
  const { t } = useTranslation('profiles');
  const [frame, setFrame] = useState<Frame>(() => centred(image));
  const drag = useRef<{ pointer: number; x: number; y: number } | null>(null);
  const [cropping, setCropping] = useState(false);

  const move = (dx: number, dy: number) =>
    setFrame((current) => clamp(image, { ...current, x: current.x + dx, y: current.y + dy }));

  const zoomTo = (zoom: number) =>
    setFrame((current) => {
      // Zoom around the middle of the square.
      const before = baseScale(image) * current.zoom;
      const after = baseScale(image) * zoom;
      const cx = (VIEW / 2 - current.x) / before;
      const cy = (VIEW / 2 - current.y) / before;
      return clamp(image, { zoom, x: VIEW / 2 - cx * after, y: VIEW / 2 - cy * after });
    });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = drag.current;
    if (!last || last.pointer !== event.pointerId) return;
    move(event.clientX - last.x, event.clientY - last.y);
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      move(step[0], step[1]);
    } else if (event.key === '+' || event.key === '=') {
      zoomTo(Math.min(MAX_ZOOM, frame.zoom + 0.1));
    } else if (event.key === '-') {
      zoomTo(Math.max(1, frame.zoom - 0.1));
    }
  };

  const scale = baseScale(image) * frame.zoom;
  const save = async () => {
    setCropping(true);
    try {
      onCropped(await cropToBlob(image, frame));
    } finally {
      setCropping(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby="crop-title" maxWidth="xs" fullWidth>
      <DialogTitle id="crop-title">{t('edit.picture.cropTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="crop-help" sx={{ mb: 2 }}>
          {t('edit.picture.cropHelp')}
        </DialogContentText>
        <Box
          role="application"
          tabIndex={0}
          aria-label={t('edit.picture.cropArea')}
          aria-describedby="crop-help"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          data-testid="crop-area"
          sx={{
            position: 'relative',
            width: VIEW,
            height: VIEW,
            mx: 'auto',
            overflow: 'hidden',
            borderRadius: 2,
            bgcolor: '#e9eeec',
            cursor: 'grab',
            touchAction: 'none',
            userSelect: 'none',
            '&:active': { cursor: 'grabbing' },
          }}
        >
          <img
            src={image.src}
            alt=""
            draggable={false}
            style={{
              position: 'absolute',
              left: frame.x,
              top: frame.y,
              width: image.naturalWidth * scale,
              height: image.naturalHeight * scale,
              maxWidth: 'none',
              pointerEvents: 'none',
            }}
          />
          {/* The round frame the picture is shown in; the corners outside are dimmed. */}
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              boxShadow: '0 0 0 999px rgba(27, 42, 53, 0.45)',
              outline: '2px solid rgba(255,255,255,0.9)',
              pointerEvents: 'none',
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2, px: 1 }}>
          <ZoomOut aria-hidden color="action" />
          <Slider
            value={frame.zoom}
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            onChange={(_event, value) => zoomTo(value as number)}
            aria-label={t('edit.picture.zoom')}
            getAriaValueText={(value) => `${Math.round(value * 100)} %`}
          />
          <ZoomIn aria-hidden color="action" />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || cropping}
          data-testid="crop-save"
        >
          {t('edit.picture.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
