import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { readUserId } from '../../../lib/storage';
import { useConversations } from '../api/list-conversations';
import { ChatDialog, type ChatTarget } from './chat-dialog';

type ProjectChatButtonProps = {
  /** The project's id (the first part of its conversation id). */
  projectId: string;
  /** The project's client: needed on the super admin's side, where the conversation is `<projectId>:<clientId>`. */
  clientId?: string;
  projectTitle?: string | null;
  /** The client's side: the agency's name shown as who the client talks to. */
  counterpartName?: string | null;
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
};

/**
 * Opens the chat about one project, for the project screens of either side. The super admin's side needs the
 * project's client id; the client's side finds its conversation (and the agency's id) in its conversation list.
 */
export function ProjectChatButton({
  projectId,
  clientId,
  projectTitle,
  counterpartName,
  label = 'Message',
  variant = 'outlined',
  size = 'medium',
}: ProjectChatButtonProps) {
  const userId = readUserId();
  const isSuperadmin = clientId !== undefined;
  return isSuperadmin ? (
    <SuperadminProjectChat projectId={projectId} clientId={clientId} label={label} variant={variant} size={size} />
  ) : (
    <ClientProjectChat
      projectId={projectId}
      userId={userId}
      projectTitle={projectTitle}
      counterpartName={counterpartName}
      label={label}
      variant={variant}
      size={size}
    />
  );
}

type ButtonLook = { label: string; variant: ButtonProps['variant']; size: ButtonProps['size'] };

function useChatOpener() {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  return {
    isOpen,
    open: () => setIsOpen(true),
    close: () => {
      setIsOpen(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.messaging.unreadCount });
    },
  };
}

function SuperadminProjectChat({ projectId, clientId, label, variant, size }: ButtonLook & { projectId: string; clientId: string }) {
  const opener = useChatOpener();
  const target: ChatTarget = { conversationId: `${projectId}:${clientId}`, otherUserId: clientId, projectId };
  return (
    <>
      <Button variant={variant} size={size} startIcon={<ChatBubbleOutlineIcon />} onClick={opener.open} data-testid="project-chat-button">
        {label}
      </Button>
      <ChatDialog open={opener.isOpen} onClose={opener.close} side="superadmin" target={target} />
    </>
  );
}

type ClientProjectChatProps = ButtonLook & {
  projectId: string;
  userId: string | null;
  projectTitle?: string | null;
  counterpartName?: string | null;
};

function ClientProjectChat({ projectId, userId, projectTitle, counterpartName, label, variant, size }: ClientProjectChatProps) {
  const opener = useChatOpener();
  const conversations = useConversations('client', userId);
  const conversation = conversations.data?.find((c) => c.project_id === projectId);
  const target: ChatTarget | null = conversation
    ? {
        conversationId: conversation.conversation_id,
        otherUserId: conversation.other_user_id,
        projectId,
        projectTitle: projectTitle ?? conversation.project_title,
      }
    : null;
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<ChatBubbleOutlineIcon />}
        onClick={opener.open}
        disabled={!target}
        data-testid="project-chat-button"
      >
        {label}
      </Button>
      <ChatDialog open={opener.isOpen} onClose={opener.close} side="client" target={target} counterpartName={counterpartName} />
    </>
  );
}
