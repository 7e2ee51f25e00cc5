export interface MailMessage {
  accountId?: string | null;
  to: string;
  subject: string;
  body: string;
}

export interface MailProvider {
  send(message: MailMessage): Promise<void>;
}
