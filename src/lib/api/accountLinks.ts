/**
 * The account's mailed links and the e-mail confirmation: asking for a password reset, the
 * confirmation's state and its mail, and the links that confirm an address or a change of it (or
 * undo one). Loaded with the pages and the notice that use them, not with every page.
 */
import { screenApi } from './generated/screenEndpoints';
import { tag } from './tags';

export const accountLinksApi = screenApi.enhanceEndpoints({
  endpoints: {
    // The caller's confirmed e-mail: asked again once a link is reported or a mail sent.
    getEmailConfirmation: { providesTags: [tag('emailConfirmation', 'me')] },
    sendEmailConfirmation: { invalidatesTags: [tag('emailConfirmation', 'me')] },
    confirmEmail: { invalidatesTags: [tag('emailConfirmation', 'me')] },
  },
});

export const {
  useRequestPasswordResetMutation,
  useGetEmailConfirmationQuery,
  useSendEmailConfirmationMutation,
  useConfirmEmailMutation,
  useConfirmEmailChangeMutation,
  useUndoEmailChangeMutation,
} = accountLinksApi;
