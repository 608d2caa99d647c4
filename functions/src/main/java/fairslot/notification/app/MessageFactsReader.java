package fairslot.notification.app;

import fairslot.notification.domain.MessageFacts;
import fairslot.notification.domain.Notification;

/**
 * Port: what a message states, read once when its notice is dispatched (the slot and its venue, and
 * the deadline or amount its kind is about). Features above notification answer it.
 */
public interface MessageFactsReader {
  MessageFacts factsOf(Notification n);
}
