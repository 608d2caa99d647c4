package fairslot.infra;

import static fairslot.definitions.Permissions.BATCH_GET;
import static fairslot.definitions.Permissions.CONDITION_CHECK;
import static fairslot.definitions.Permissions.DELETE;
import static fairslot.definitions.Permissions.EVERY_INDEX;
import static fairslot.definitions.Permissions.PLACES;
import static fairslot.definitions.Permissions.PUT;
import static fairslot.definitions.Permissions.QUERY;
import static fairslot.definitions.Permissions.UPDATE;

import fairslot.definitions.Fairslot;
import fairslot.definitions.Permissions;
import fairslot.definitions.Permissions.Secret;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.ScheduleDefinition;
import fairslot.definitions.StreamConsumerDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What each function may do: the stack grants exactly these rows, and FairslotStackTest checks
 * every function's synthesized policy against them. A job's, a queue consumer's and a stream
 * consumer's row is the {@link Permissions} declared beside its trigger in the definitions; the
 * HTTP functions and the booking queue's dead-letter consumer have theirs here. Each follows the
 * code its handler reaches (docs/security.md, "Least privilege", says how to re-derive it):
 *
 * <ul>
 *   <li>DeleteItem: only the seat-release transaction deletes (the member guard), so only functions
 *       that release or reclaim a seat;
 *   <li>BatchGetItem: placing a booking (its probe), so functions that place; reading the
 *       counterparts of slots that share space (combined resources), which views and reconcile do;
 *       and reading the other lines of a booking of several slots, which every move of the whole
 *       booking does: releases (expiry, slot cancels), and a payment's or a refund's outcome (the
 *       webhook, payments-reconcile, the refund job);
 *   <li>ConditionCheckItem: creating resources, coaches and rooms (admin, over HTTP), and placing a
 *       member's booking at a venue with a no-show rule (the suspension check) or on a slot with
 *       counterparts (each must be free), so functions that place, and those that revive a late
 *       payment's booking (the webhook, payments-reconcile);
 *   <li>PutEvents: SeatReleased is published after a release, so the same functions as DeleteItem;
 *   <li>the secrets: only the functions that verify a webhook, hand out list cursors, or call
 *       WeChat Pay (start, refund, query, verify).
 * </ul>
 */
record FunctionAccess(String function, Permissions permissions) {

  static final String GET = Permissions.GET;

  /** The functions whose rows are not declared beside a trigger of the definitions. */
  private static final List<FunctionAccess> HTTP_AND_DEAD_LETTERS =
      List.of(
          new FunctionAccess(
              "HttpApi",
              new Permissions(
                  Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK),
                  EVERY_INDEX,
                  true,
                  true,
                  // WeChat Pay: prepay and paySign, code2Session, refunds of cancels; the
                  // mini-program's platform token and getuserphonenumber (v1.3).
                  // The webhook key: a subscription's secret is shown (derived) when it is made.
                  // The token key: WeChat sign-in and refresh issue fairslot's own tokens.
                  Set.of(
                      Secret.CURSOR,
                      Secret.TICKET,
                      Secret.CALENDAR,
                      Secret.WEBHOOK,
                      Secret.WECHATPAY,
                      Secret.STRIPE,
                      Secret.TOKEN),
                  // Verification codes go out at once, from the API (v1.2 "Verified contact
                  // points").
                  true)),
          // The provider's callbacks settle payments (and refunds of late ones); they never
          // release or place. WeChat's notifications are verified with its platform key.
          new FunctionAccess(
              "PaymentWebhook",
              new Permissions(
                  Set.of(GET, BATCH_GET, PUT, UPDATE, CONDITION_CHECK),
                  Optional.of(Set.of()),
                  false,
                  false,
                  Set.of(Secret.PAYMENT_WEBHOOK, Secret.WECHATPAY, Secret.STRIPE))),
          // The API's Lambda authorizer checks tokens: the token key, and nothing of the table.
          new FunctionAccess(
              "Authorizer",
              new Permissions(Set.of(), Optional.of(Set.of()), false, false, Set.of(Secret.TOKEN))),
          new FunctionAccess(
              ConstructIds.functionId(Fairslot.BOOKING_DLQ_HANDLER),
              new Permissions(PLACES, EVERY_INDEX, true, false, Set.of())));

  static final List<FunctionAccess> ROWS = rows();

  private static List<FunctionAccess> rows() {
    List<FunctionAccess> rows = new ArrayList<>(HTTP_AND_DEAD_LETTERS);
    for (QueueDefinition q : Fairslot.QUEUES) {
      rows.add(
          new FunctionAccess(
              ConstructIds.functionId(q.consumerHandler()), q.consumerPermissions()));
    }
    for (StreamConsumerDefinition c : Fairslot.STREAM_CONSUMERS) {
      rows.add(new FunctionAccess(ConstructIds.functionId(c.handler()), c.permissions()));
    }
    for (ScheduleDefinition s : Fairslot.SCHEDULES) {
      rows.add(new FunctionAccess(ConstructIds.pascal(s.name()), s.permissions()));
    }
    return List.copyOf(rows);
  }

  static FunctionAccess of(String function) {
    return ROWS.stream()
        .filter(r -> r.function().equals(function))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no access row for function " + function));
  }
}
