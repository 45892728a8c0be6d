import { useNonce } from "~/lib/nonce";
import { jsonLdText } from "~/lib/seo";

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
