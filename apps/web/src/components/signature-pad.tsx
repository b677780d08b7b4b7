import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SignaturePadLib from 'signature_pad';
import { useEffect, useId, useRef, useState } from 'react';
import { useCommonT } from '../i18n';

type SignaturePadProps = {
  /** A PNG data URL of the drawing, or null when the pad is empty. */
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
};

const PAD_HEIGHT = 180;

/**
 * A drawn signature, by finger, pen or mouse (signature_pad). The canvas follows its box's width and the screen's
 * pixel density, so strokes stay sharp on a phone; the page does not scroll while drawing on it.
 */
export function SignaturePad({ onChange, disabled = false }: SignaturePadProps) {
  const { t } = useCommonT();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  const [isEmpty, setIsEmpty] = useState(true);
  const hintId = useId();

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLib(canvas, { penColor: '#13246b', minWidth: 0.8, maxWidth: 2.6, backgroundColor: 'rgba(0,0,0,0)' });
    padRef.current = pad;
    const handleEnd = () => {
      setIsEmpty(pad.isEmpty());
      onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', handleEnd);
    // A stroke is no gesture: a finger lifted mid-flick would otherwise start a fling, and the browser swallows the
    // next tap (on the consent box, most often) as the one that stops it. Pointer events, which draw, still come.
    const holdTouch = (event: TouchEvent) => {
      if (event.cancelable) event.preventDefault();
    };
    canvas.addEventListener('touchstart', holdTouch, { passive: false });
    canvas.addEventListener('touchmove', holdTouch, { passive: false });

    // Resizing clears a canvas: keep the strokes and redraw them at the new size.
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(data);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      canvas.removeEventListener('touchstart', holdTouch);
      canvas.removeEventListener('touchmove', holdTouch);
      pad.removeEventListener('endStroke', handleEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  function handleClear() {
    padRef.current?.clear();
    setIsEmpty(true);
    onChange(null);
  }

  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          border: '1px dashed',
          borderColor: disabled ? 'divider' : 'text.secondary',
          borderRadius: 2,
          bgcolor: '#fbfcff',
          height: PAD_HEIGHT,
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('signature.pad')}
          aria-describedby={hintId}
          data-testid="signature-pad"
          style={{ width: '100%', height: '100%', touchAction: 'none', display: 'block', cursor: disabled ? 'default' : 'crosshair' }}
        />
        {isEmpty && (
          <Typography
            aria-hidden
            sx={{ position: 'absolute', left: 16, bottom: 12, color: 'text.disabled', pointerEvents: 'none', fontSize: '0.9rem' }}
          >
            {t('signature.signHere')}
          </Typography>
        )}
        <Box
          sx={{ position: 'absolute', left: 16, right: 16, bottom: 36, borderBottom: '1px solid', borderColor: 'divider', pointerEvents: 'none' }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 0.5, gap: 1 }}>
        <Typography id={hintId} variant="caption" color="text.secondary">
          {t('signature.hint')}
        </Typography>
        <Button size="small" onClick={handleClear} disabled={disabled || isEmpty} data-testid="signature-clear">
          {t('signature.clear')}
        </Button>
      </Box>
    </Box>
  );
}
