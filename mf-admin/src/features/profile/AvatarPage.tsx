import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Avatar, Button, Flex, Slider, Space, theme, Typography } from 'antd';
import { RotateLeftOutlined, RotateRightOutlined, UndoOutlined } from '@ant-design/icons';
import { usersApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { fullName, initials, useObservable } from '@agency/ui';
import { setSessionUser } from '../../session';
import { AVATAR_SIZE, PICTURE_TYPES, pictureProblem, type Drawable } from './resizeImage';
import { CROP_SCALE, cropToJpeg, drawCrop, INITIAL_CROP, loadForCrop, type Crop } from './cropImage';

const STEP_PX = 4;

/** The crop editor: the square the picture will be, with the round avatar marked; drag or arrow keys move the picture. */
function CropCanvas({ image, crop, onMove }: { image: Drawable; crop: Crop; onMove: (dx: number, dy: number) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawCrop(ctx, image, crop, AVATAR_SIZE);
  }, [image, crop]);
  const keys: Record<string, [number, number]> = { ArrowLeft: [-STEP_PX, 0], ArrowRight: [STEP_PX, 0], ArrowUp: [0, -STEP_PX], ArrowDown: [0, STEP_PX] };
  return (
    <div style={{ position: 'relative', width: AVATAR_SIZE, height: AVATAR_SIZE, flex: 'none' }}>
      <canvas
        ref={canvas}
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        tabIndex={0}
        role="img"
        aria-label="Picture crop: drag or use the arrow keys to move the picture"
        style={{ display: 'block', cursor: 'move', borderRadius: 8, touchAction: 'none', outlineColor: token.colorPrimary }}
        onPointerDown={(e: PointerEvent<HTMLCanvasElement>) => e.currentTarget.setPointerCapture(e.pointerId)}
        onPointerMove={(e: PointerEvent<HTMLCanvasElement>) => e.currentTarget.hasPointerCapture(e.pointerId) && onMove(e.movementX, e.movementY)}
        onKeyDown={(e: KeyboardEvent<HTMLCanvasElement>) => {
          const step = keys[e.key];
          if (!step) return;
          e.preventDefault();
          onMove(step[0], step[1]);
        }}
      />
      {/* What the round avatar shows of the square. */}
      <div
        aria-hidden
        style={{
          position: 'absolute',
          inset: 0,
          borderRadius: '50%',
          boxShadow: '0 0 0 999px rgba(0, 0, 0, 0.35)',
          pointerEvents: 'none',
          clipPath: 'inset(0 round 8px)',
        }}
      />
    </div>
  );
}

/** Change Photo: pick an image, place it (scale, rotation, position), save it as a 256 x 256 JPEG. */
export function AvatarPage() {
  const session = useObservable(bus.session$);
  const user = session?.user ?? null;
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<Drawable | null>(null);
  const [crop, setCrop] = useState<Crop>(INITIAL_CROP);
  // A decoded picture holds memory until it is let go.
  useEffect(() => () => image?.close(), [image]);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!user) return null;

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // picking the same file again still fires a change
    if (!file) return;
    setError(null);
    const problem = pictureProblem(file);
    if (problem) return setError(problem);
    setReading(true);
    try {
      setImage(await loadForCrop(file));
      setCrop(INITIAL_CROP);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setReading(false);
    }
  }

  async function save(avatar: string | null) {
    setError(null);
    setSaving(true);
    try {
      const updated = await usersApi.picture(user!.id, avatar);
      setSessionUser(updated);
      setImage(null);
      bus.toast({ kind: 'success', message: avatar ? 'Picture saved' : 'Picture removed' });
    } catch (err) {
      setError(`Unable to update profile: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  }

  function saveCrop() {
    if (!image) return;
    try {
      void save(cropToJpeg(image, crop));
    } catch (err) {
      setError(errorMessage(err));
    }
  }
  const rotate = (by: number) => setCrop((c) => ({ ...c, rotation: (((c.rotation + by) % 360) + 360) % 360 }));

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {image ? (
        <Flex gap={24} align="flex-start" wrap>
          <CropCanvas image={image} crop={crop} onMove={(dx, dy) => setCrop((c) => ({ ...c, x: c.x + dx, y: c.y + dy }))} />
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 220 }}>
            <Flex justify="space-between">
              <Typography.Text id="crop-scale">Scale</Typography.Text>
              <Typography.Text type="secondary">{crop.scale.toFixed(1)}×</Typography.Text>
            </Flex>
            <Slider
              min={CROP_SCALE.min}
              max={CROP_SCALE.max}
              step={CROP_SCALE.step}
              value={crop.scale}
              onChange={(scale: number) => setCrop((c) => ({ ...c, scale }))}
              ariaLabelledByForHandle="crop-scale"
              tooltip={{ formatter: (v) => `${v?.toFixed(1)}×` }}
            />
            <Flex justify="space-between">
              <Typography.Text id="crop-rotation">Rotation</Typography.Text>
              <Typography.Text type="secondary">{crop.rotation}°</Typography.Text>
            </Flex>
            <Slider
              min={0}
              max={360}
              step={1}
              value={crop.rotation}
              onChange={(rotation: number) => setCrop((c) => ({ ...c, rotation }))}
              ariaLabelledByForHandle="crop-rotation"
              tooltip={{ formatter: (v) => `${v}°` }}
            />
            <Space wrap>
              <Button icon={<RotateLeftOutlined />} aria-label="Rotate left" onClick={() => rotate(-90)} />
              <Button icon={<RotateRightOutlined />} aria-label="Rotate right" onClick={() => rotate(90)} />
              <Button icon={<UndoOutlined />} onClick={() => setCrop(INITIAL_CROP)}>
                Reset
              </Button>
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              The circle is what people see. Drag the picture, or use the arrow keys, to place it.
            </Typography.Paragraph>
          </Flex>
        </Flex>
      ) : (
        <Flex gap={24} align="center">
          {user.avatar ? (
            <img src={user.avatar} alt={`Picture of ${fullName(user)}`} width={128} height={128} style={{ borderRadius: '50%', objectFit: 'cover' }} />
          ) : (
            <Avatar size={128} aria-label={`No picture for ${fullName(user)}`}>
              {initials(user)}
            </Avatar>
          )}
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Choose a PNG, JPEG, WEBP or GIF image, then scale, turn and place it.
          </Typography.Paragraph>
        </Flex>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        aria-label="Picture file"
        style={{ display: 'none' }}
        onChange={(e) => void pick(e)}
      />
      <Flex gap={8} wrap>
        <Button onClick={() => fileInput.current?.click()} loading={reading}>
          Choose Image
        </Button>
        <Button type="primary" disabled={!image} loading={saving && !!image} onClick={saveCrop}>
          Save
        </Button>
        {image && <Button onClick={() => setImage(null)}>Cancel</Button>}
        {!image && user.avatar && (
          <Button danger loading={saving} onClick={() => void save(null)}>
            Remove Picture
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
