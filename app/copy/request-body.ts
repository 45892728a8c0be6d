// What a client reads when the server refuses its request body: a
// plain text, since a body that was never read has no form to show an error in.
export const REQUEST_BODY_TEXT = {
  tooLarge: "The request is too large.",
  unsupportedType: "Forms are sent as application/x-www-form-urlencoded or multipart/form-data.",
  malformed: "The form could not be read.",
} as const;
