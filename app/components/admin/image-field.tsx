import { getInputProps } from "@conform-to/react";

import { Field } from "~/components/ui/field";
import { IMAGE_FIELD_TEXTS } from "~/copy/images";

type InputMetadata = Parameters<typeof getInputProps>[0];

/** What a file input offers to pick; the server checks the bytes whatever was picked. */
const ACCEPTED_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/**
 * An image of a record: the current one, a file to upload in its place, or a URL. The form must be
 * sent as multipart/form-data (encType on the <Form>); the upload wins over the URL, and a refused
 * file comes back as this field's error with the rest of the form as typed.
 */
export function ImageField({
  url,
  file,
  urlLabel,
  fileLabel,
  favicon = false,
}: {
  url: InputMetadata;
  file: InputMetadata;
  urlLabel: string;
  fileLabel: string;
  /** A favicon: its hint says how it is resized. */
  favicon?: boolean;
}) {
  const current = typeof url.initialValue === "string" && url.initialValue !== "" ? url.initialValue : null;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4">
      {current ? (
        <figure className="flex items-center gap-3">
          {/* The image as saved, whatever its shape, in a fixed box: nothing shifts as it loads. */}
          <img src={current} alt="" className="size-16 shrink-0 rounded-md bg-slate-50 object-contain" />
          <figcaption className="text-sm text-slate-600">{IMAGE_FIELD_TEXTS.current}</figcaption>
        </figure>
      ) : null}
      <Field
        label={fileLabel}
        hint={favicon ? IMAGE_FIELD_TEXTS.faviconHint : IMAGE_FIELD_TEXTS.uploadHint}
        errors={file.errors}
        inputProps={{ ...getInputProps(file, { type: "file" }), accept: ACCEPTED_TYPES }}
      />
      <Field
        label={urlLabel}
        errors={url.errors}
        inputProps={{ ...getInputProps(url, { type: "url" }), placeholder: IMAGE_FIELD_TEXTS.urlPlaceholder }}
      />
    </div>
  );
}
