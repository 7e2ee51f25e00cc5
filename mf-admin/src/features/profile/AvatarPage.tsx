import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Avatar, Button, Flex, Typography } from 'antd';
import { usersApi, errorMessage } from '@agency/api-client';
import { bus } from '@agency/bus';
import { fullName, initials, useObservable } from '@agency/ui';
import { setSessionUser } from '../../session';
import { AVATAR_SIZE, PICTURE_TYPES, pictureProblem, resizeImage } from './resizeImage';

/** Change Photo: pick an image, see it resized to 256 x 256, save it as the profile picture. */
export function AvatarPage() {
  const session = useObservable(bus.session$);
  const user = session?.user ?? null;
  const fileInput = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
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
      setPreview(await resizeImage(file, AVATAR_SIZE));
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
      setPreview(null);
      bus.toast({ kind: 'success', message: avatar ? 'Picture saved' : 'Picture removed' });
    } catch (err) {
      setError(`Unable to update profile: ${errorMessage(err)}`);
    } finally {
      setSaving(false);
    }
  }

  const shown = preview ?? user.avatar;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 520 }}>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Flex gap={24} align="center">
        {shown ? (
          <img
            src={shown}
            alt={preview ? 'Preview of the new picture' : `Picture of ${fullName(user)}`}
            width={128}
            height={128}
            style={{ borderRadius: '50%', objectFit: 'cover' }}
          />
        ) : (
          <Avatar size={128} aria-label={`No picture for ${fullName(user)}`}>
            {initials(user)}
          </Avatar>
        )}
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {preview
            ? 'This is how your picture will look. Save it, or choose another image.'
            : 'Choose a PNG, JPEG, WEBP or GIF image. It is cropped to a square and resized to 256 × 256.'}
        </Typography.Paragraph>
      </Flex>
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
        <Button type="primary" disabled={!preview} loading={saving && !!preview} onClick={() => void save(preview)}>
          Save
        </Button>
        {preview && <Button onClick={() => setPreview(null)}>Cancel</Button>}
        {!preview && user.avatar && (
          <Button danger loading={saving} onClick={() => void save(null)}>
            Remove Picture
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
