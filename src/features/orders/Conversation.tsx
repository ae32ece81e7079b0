import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { QueryState } from '../../components/QueryState';
import { errorMessage, postOrderMessageLimits } from '../../lib/api';
import {
  useGetOrderMessagesQuery,
  usePostOrderMessageMutation,
  type Message,
  type Order,
} from '../../lib/api/deals';
import { formatWhen } from '../../lib/format';
import { BUSY_TRYING_AGAIN, newIdempotencyKey, useMarketplaceBusy } from '../../lib/api/busyRetry';

const MAX_MESSAGE = postOrderMessageLimits.body.text.maxLength;

/** A declined or cancelled booking's conversation is read, not written (the server says 409). */
const CLOSED: readonly Order['status'][] = ['declined', 'cancelled'];

/** One message of the conversation: the caller's own on the right. */
function MessageItem({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <Box
      component="li"
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        bgcolor: mine ? 'rgba(194,65,12,0.08)' : 'grey.100',
        borderRadius: 2,
        px: 1.5,
        py: 1,
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {message.senderName} · {formatWhen(message.createdAt)}
      </Typography>
      {/* Plain text: React escapes it, and line breaks are kept. */}
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Typography>
    </Box>
  );
}

/** A booking's conversation: its messages, and a box to write one while the booking is open. */
export function Conversation({ order, me }: { order: Order; me: string }) {
  const messages = useGetOrderMessagesQuery({ id: order._id });
  const [post, { isLoading }] = usePostOrderMessageMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const marketplaceBusy = useMarketplaceBusy();
  const end = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body) {
      setProblem('Write something first');
      return;
    }
    // One key per Send: a retry while the marketplace is busy writes the message once.
    const key = newIdempotencyKey();
    const result = await post({ id: order._id, 'idempotency-key': key, body: { text: body } });
    if ('error' in result) {
      setProblem(errorMessage(result.error));
    } else {
      setText('');
      setProblem(null);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Conversation
        </Typography>
        <QueryState query={messages} what="the conversation" minHeight={120}>
          {(thread: Message[]) =>
            thread.length === 0 ? (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                No messages yet.
              </Typography>
            ) : (
              <Stack
                component="ul"
                aria-label="Messages"
                spacing={1.5}
                sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, maxHeight: 420, overflowY: 'auto' }}
              >
                {thread.map((message) => (
                  <MessageItem
                    key={message._id}
                    message={message}
                    mine={message.senderEmail === me}
                  />
                ))}
                <div ref={end} />
              </Stack>
            )
          }
        </QueryState>
        {CLOSED.includes(order.status) ? (
          <Alert severity="info">
            This booking is closed: the conversation can be read, not written in.
          </Alert>
        ) : (
          <Box component="form" onSubmit={send} noValidate>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: 'flex-start' }}
            >
              <TextField
                label="Write a message"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  if (problem) setProblem(null);
                }}
                multiline
                maxRows={6}
                fullWidth
                error={Boolean(problem)}
                helperText={
                  problem ??
                  (isLoading && marketplaceBusy
                    ? BUSY_TRYING_AGAIN
                    : `${text.length} / ${MAX_MESSAGE}`)
                }
                slotProps={{ htmlInput: { maxLength: MAX_MESSAGE } }}
              />
              <Button
                type="submit"
                variant="contained"
                color="secondary"
                disabled={isLoading}
                sx={{ mt: { sm: 1 } }}
              >
                Send
              </Button>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
