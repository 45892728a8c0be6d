import { jsonLdText } from "~/lib/seo";
import { useNonce } from "~/lib/nonce";

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
