package fairslot.notification.domain;

/** What a member reads: a subject (the e-mail's) and a body (the e-mail's text, or the SMS). */
public record MessageText(String subject, String body) {}
