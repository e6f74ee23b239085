// Views of the content widgets: text, heading, image (loaded directly from its https address), icon.
import { useRunActions } from '../context.js';
import { iconGlyph } from '../icons.js';
import { isLoadableImage } from '../safe-urls.js';
import { tappable, type ViewProps } from './view-props.js';

export function TextView(props: ViewProps<'text'>) {
  const clamp = props.maxLines
    ? {
        WebkitLineClamp: props.maxLines,
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }
    : {};
  return (
    <p
      className={`ma-text ma-text-${props.style ?? 'body'}`}
      style={{ color: props.color, ...clamp } as object}
    >
      {props.text}
    </p>
  );
}

export function HeadingView(props: ViewProps<'heading'>) {
  const level = props.level ?? 1;
  // The page title is the h1; headings inside a screen start one below it.
  const Tag = level === 1 ? 'h2' : level === 2 ? 'h3' : 'h4';
  return <Tag className={`ma-heading ma-heading-${level}`}>{props.text}</Tag>;
}

export function ImageView(props: ViewProps<'image'>) {
  const run = useRunActions();
  const onTap = props.onTap ? () => run(props.onTap) : undefined;
  if (!isLoadableImage(props.src)) return null;
  return (
    <img
      className={onTap ? 'ma-image ma-tappable' : 'ma-image'}
      // Straight from the app's https address, not through the proxy (CONTRACT "General rules" 4);
      // no referrer, so the image host does not learn which page of the client asked.
      src={props.src}
      alt={props.alt ?? ''}
      width={props.width}
      height={props.height}
      loading="lazy"
      referrerPolicy="no-referrer"
      style={{ objectFit: props.fit ?? 'cover' }}
      {...tappable(onTap)}
    />
  );
}

export function IconView(props: ViewProps<'icon'>) {
  return (
    <span
      className="ma-icon"
      role="img"
      aria-label={props.name}
      style={{ fontSize: props.size ?? 20, color: props.color }}
    >
      {iconGlyph(props.name)}
    </span>
  );
}
