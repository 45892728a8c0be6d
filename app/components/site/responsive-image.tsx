import {
  FAVICON_SIZES,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  imageSrcSet,
  parseStoredImageUrl,
  variantUrl,
} from "~/lib/images";

/**
 * An image from a record's image field. An uploaded one is a <picture> offering AVIF and WebP at
 * each stored width, with its width and height so the page does not shift as it loads; a pasted
 * URL is a plain <img>, whose box the caller's classes must fix (an aspect ratio or a size).
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  /** The width the image is shown at, as for <img sizes>: "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  className?: string;
  /** Above the fold: fetched at once rather than when scrolled near. */
  priority?: boolean;
}) {
  const loading = priority ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  const stored = parseStoredImageUrl(src);
  if (!stored) {
    return (
      <img src={src} alt={alt} className={className} loading={loading} fetchPriority={fetchPriority} decoding="async" />
    );
  }
  return (
    <picture>
      {IMAGE_FORMATS.map((format) => (
        <source key={format} type={IMAGE_CONTENT_TYPES[format]} srcSet={imageSrcSet(stored, format)} sizes={sizes} />
      ))}
      <img
        src={src}
        srcSet={imageSrcSet(stored, stored.fallback)}
        sizes={sizes}
        width={stored.width}
        height={stored.height}
        alt={alt}
        className={className}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}

/**
 * The favicon links: an uploaded favicon's 32-pixel PNG for the browser tab and its 180-pixel one
 * for Apple's home screen; a pasted URL as given.
 */
export function FaviconLinks({ url }: { url: string }) {
  const stored = parseStoredImageUrl(url);
  if (!stored) return <link rel="icon" href={url} />;
  return (
    <>
      <link rel="icon" type="image/png" sizes="32x32" href={variantUrl(stored.id, FAVICON_SIZES[0], "png")} />
      <link rel="apple-touch-icon" href={variantUrl(stored.id, FAVICON_SIZES[1], "png")} />
    </>
  );
}
