package fairslot.handler;

import static fairslot.handler.internal.Role.ADMIN;
import static fairslot.handler.internal.Role.CUSTOMER;
import static fairslot.handler.internal.Role.FINANCE;
import static fairslot.handler.internal.Role.FRONTDESK;

import fairslot.app.BookingService;
import fairslot.app.CatalogService;
import fairslot.app.DeskService;
import fairslot.app.IdempotentRequest;
import fairslot.app.Page;
import fairslot.app.PageRequest;
import fairslot.app.PaymentService;
import fairslot.app.QueuedAdmission;
import fairslot.app.Reconciliation;
import fairslot.app.SlotCancellation;
import fairslot.app.StaffService;
import fairslot.app.WaitlistService;
import fairslot.domain.Admission;
import fairslot.domain.Assignee;
import fairslot.domain.Assignment;
import fairslot.domain.AuditEntry;
import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.Money;
import fairslot.domain.Outcome;
import fairslot.domain.PaymentCallback;
import fairslot.domain.Phone;
import fairslot.domain.Refusal;
import fairslot.domain.ResourceKind;
import fairslot.domain.VenuePolicy;
import fairslot.domain.WaitlistMode;
import fairslot.domain.WeeklySchedule;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.RequestBody;
import fairslot.handler.internal.Role;
import fairslot.handler.internal.Views;
import fairslot.handler.internal.Views.AuditView;
import fairslot.handler.internal.Views.BookingRequestView;
import fairslot.handler.internal.Views.BookingView;
import fairslot.handler.internal.Views.DailyReportView;
import fairslot.handler.internal.Views.ListView;
import fairslot.handler.internal.Views.PaymentView;
import fairslot.handler.internal.Views.QueuedView;
import fairslot.handler.internal.Views.ResourceView;
import fairslot.handler.internal.Views.SlotView;
import fairslot.handler.internal.Views.VenueView;
import fairslot.handler.internal.Views.WaitlistEntryView;
import fairslot.handler.internal.Views.WaitlistJoinView;
import fairslot.messaging.payments.WebhookSignature;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The HTTP contract's endpoints, keyed by API Gateway route key. Each endpoint reads its input,
 * calls one application service and maps the outcome to a response; nothing else.
 */
public final class HttpApi {
  private final CatalogService catalog;
  private final BookingService bookings;
  private final PaymentService payments;
  private final StaffService staff;
  private final WaitlistService waitlist;
  private final QueuedAdmission admission;
  private final DeskService desk;
  private final SlotCancellation cancellation;
  private final Reconciliation reconciliation;
  private final IdempotencyKeys idempotency;
  private final WebhookSignature webhookSignature;
  private final Clock clock;
  private final Map<String, Endpoint> endpoints;

  /** The application services the endpoints call. */
  public record Services(
      CatalogService catalog,
      BookingService bookings,
      PaymentService payments,
      StaffService staff,
      WaitlistService waitlist,
      QueuedAdmission admission,
      DeskService desk,
      SlotCancellation cancellation,
      Reconciliation reconciliation) {}

  public HttpApi(
      Services services,
      IdempotencyKeys idempotency,
      WebhookSignature webhookSignature,
      Clock clock) {
    this.catalog = services.catalog();
    this.bookings = services.bookings();
    this.payments = services.payments();
    this.staff = services.staff();
    this.waitlist = services.waitlist();
    this.admission = services.admission();
    this.desk = services.desk();
    this.cancellation = services.cancellation();
    this.reconciliation = services.reconciliation();
    this.idempotency = idempotency;
    this.webhookSignature = webhookSignature;
    this.clock = clock;
    this.endpoints =
        Map.ofEntries(
            Map.entry("POST /venues", Endpoint.forRoles(this::createVenue, ADMIN)),
            Map.entry("GET /venues/{venueId}", Endpoint.open(this::getVenue)),
            Map.entry(
                "POST /venues/{venueId}/resources", Endpoint.forRoles(this::createResource, ADMIN)),
            Map.entry("POST /slots", Endpoint.forRoles(this::createSlot, ADMIN)),
            Map.entry("GET /slots", Endpoint.open(this::listSlots)),
            Map.entry("GET /slots/{slotId}", Endpoint.open(this::getSlot)),
            Map.entry(
                "POST /slots/{slotId}/close",
                Endpoint.forRoles(r -> setOpen(r, false), FRONTDESK, ADMIN)),
            Map.entry(
                "POST /slots/{slotId}/open",
                Endpoint.forRoles(r -> setOpen(r, true), FRONTDESK, ADMIN)),
            Map.entry("POST /bookings", Endpoint.forRoles(this::book, CUSTOMER)),
            Map.entry("GET /bookings/{bookingId}", Endpoint.forRoles(this::getBooking, CUSTOMER)),
            Map.entry("GET /me/bookings", Endpoint.forRoles(this::myBookings, CUSTOMER)),
            Map.entry(
                "POST /bookings/{bookingId}/cancel", Endpoint.forRoles(this::cancel, CUSTOMER)),
            Map.entry("POST /bookings/{bookingId}/pay", Endpoint.forRoles(this::pay, CUSTOMER)),
            Map.entry("POST /payments/callback", Endpoint.open(this::paymentCallback)),
            Map.entry(
                "POST /staff/bookings/{bookingId}/check-in",
                Endpoint.forRoles(r -> staffAction(r, staff::checkIn), FRONTDESK, ADMIN)),
            Map.entry(
                "POST /staff/bookings/{bookingId}/offline-payment",
                Endpoint.forRoles(r -> staffAction(r, staff::offlinePayment), FRONTDESK, ADMIN)),
            Map.entry(
                "POST /staff/bookings/{bookingId}/refund",
                Endpoint.forRoles(r -> staffAction(r, staff::refund), FRONTDESK, ADMIN)),
            Map.entry("GET /audit", Endpoint.forRoles(this::audit, ADMIN, FINANCE)),
            Map.entry(
                "POST /slots/{slotId}/waitlist", Endpoint.forRoles(this::joinWaitlist, CUSTOMER)),
            Map.entry(
                "GET /slots/{slotId}/waitlist/me",
                Endpoint.forRoles(this::myWaitlistEntry, CUSTOMER)),
            Map.entry(
                "DELETE /slots/{slotId}/waitlist/me",
                Endpoint.forRoles(this::leaveWaitlist, CUSTOMER)),
            Map.entry(
                "POST /waitlist/{entryId}/accept", Endpoint.forRoles(this::acceptOffer, CUSTOMER)),
            Map.entry(
                "POST /waitlist/{entryId}/decline",
                Endpoint.forRoles(this::declineOffer, CUSTOMER)),
            Map.entry(
                "GET /booking-requests/{requestId}",
                Endpoint.forRoles(this::bookingRequest, CUSTOMER)),
            Map.entry(
                "POST /slots/{slotId}/admission",
                Endpoint.forRoles(this::setAdmission, FRONTDESK, ADMIN)),
            Map.entry(
                "POST /coaches",
                Endpoint.forRoles(r -> createAssignee(r, Assignee.Kind.COACH), ADMIN)),
            Map.entry(
                "POST /rooms",
                Endpoint.forRoles(r -> createAssignee(r, Assignee.Kind.ROOM), ADMIN)),
            Map.entry("POST /slots:generate", Endpoint.forRoles(this::generateSlots, ADMIN)),
            Map.entry("POST /slots/{slotId}/cancel", Endpoint.forRoles(this::cancelSlot, ADMIN)),
            Map.entry("POST /staff/bookings", Endpoint.forRoles(this::walkIn, FRONTDESK, ADMIN)),
            Map.entry(
                "GET /staff/bookings",
                Endpoint.forRoles(this::searchBookings, FRONTDESK, FINANCE, ADMIN)),
            Map.entry("GET /reports/daily", Endpoint.forRoles(this::dailyReport, FINANCE, ADMIN)),
            Map.entry("POST /admin/reconcile", Endpoint.forRoles(this::reconcile, ADMIN)));
  }

  /** The route keys this API serves; checked against the shared route definitions by a test. */
  public java.util.Set<String> routeKeys() {
    return endpoints.keySet();
  }

  public HttpResponse handle(HttpRequest request) {
    Endpoint endpoint = endpoints.get(request.routeKey());
    if (endpoint == null) {
      return Problems.of(Refusal.NOT_FOUND, 404, "no route " + request.routeKey(), Map.of());
    }
    try {
      if (endpoint.roles().length > 0) {
        Caller caller = request.requireCaller();
        if (!caller.isAny(endpoint.roles())) {
          return Problems.of(
              Refusal.FORBIDDEN,
              403,
              "this needs one of the roles "
                  + java.util.Arrays.toString(endpoint.roles()).toLowerCase(java.util.Locale.ROOT),
              Map.of());
        }
      }
      return endpoint.action().apply(request);
    } catch (InvalidInput invalid) {
      return Problems.of(invalid);
    } catch (PageRequest.ForeignCursor foreign) {
      return Problems.of(
          Refusal.INVALID_REQUEST,
          422,
          "cursor belongs to another list; start this one without it",
          Map.of());
    }
  }

  private record Endpoint(Function<HttpRequest, HttpResponse> action, Role[] roles) {
    static Endpoint open(Function<HttpRequest, HttpResponse> action) {
      return new Endpoint(action, new Role[0]);
    }

    static Endpoint forRoles(Function<HttpRequest, HttpResponse> action, Role... roles) {
      return new Endpoint(action, roles);
    }
  }

  // ---- venues, resources, slots

  private HttpResponse createVenue(HttpRequest request) {
    RequestBody body = RequestBody.parse(request.body());
    String name = body.text("name");
    ZoneId zone = zone(body.optionalText("timeZone").orElse("UTC"));
    RequestBody p =
        body.object("policy")
            .onlyFields(
                "policy",
                java.util.Set.of(
                    "holdDuration",
                    "cancelCutoff",
                    "offerDuration",
                    "waitlistMode",
                    "maxPerBooking"));
    VenuePolicy d = VenuePolicy.DEFAULT;
    VenuePolicy policy;
    try {
      policy =
          new VenuePolicy(
              p.optionalDuration("holdDuration").orElse(d.holdDuration()),
              p.optionalDuration("cancelCutoff").orElse(d.cancelCutoff()),
              p.optionalDuration("offerDuration").orElse(d.offerDuration()),
              p.optionalEnum("waitlistMode", WaitlistMode.class).orElse(d.waitlistMode()),
              p.optionalInteger("maxPerBooking").orElse(d.maxPerBooking()));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, request.requireCaller(), body);
    return idempotency.once(
        key,
        () ->
            HttpResponse.json(
                201,
                VenueView.of(
                    catalog.createVenue(new CatalogService.CreateVenue(name, zone, policy), key))));
  }

  private HttpResponse getVenue(HttpRequest request) {
    return catalog
        .venue(request.path("venueId"))
        .map(v -> HttpResponse.json(200, VenueView.of(v)))
        .orElseGet(() -> notFound("venue"));
  }

  private HttpResponse createResource(HttpRequest request) {
    RequestBody body = RequestBody.parse(request.body());
    ResourceKind kind = body.enumeration("kind", ResourceKind.class);
    int capacity = body.optionalInteger("capacity").orElse(kind == ResourceKind.EXCLUSIVE ? 1 : -1);
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw InvalidInput.unprocessable("capacity must be an integer from 1 to 100000");
    }
    var command =
        new CatalogService.CreateResource(
            request.path("venueId"), body.text("name"), kind, capacity);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, request.requireCaller(), body);
    return idempotency.once(
        key, () -> respond(catalog.createResource(command, key), 201, ResourceView::of));
  }

  private HttpResponse createSlot(HttpRequest request) {
    RequestBody body = RequestBody.parse(request.body());
    var capacity = slotCapacity(body);
    Money price = price(body);
    var command =
        new CatalogService.CreateSlot(
            body.text("resourceId"),
            body.text("start"),
            body.text("end"),
            capacity,
            price,
            body.optionalEnum("admission", Admission.class).orElse(Admission.DIRECT),
            assignment(body));
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, request.requireCaller(), body);
    return idempotency.once(
        key, () -> respond(catalog.createSlot(command, key), 201, SlotView::of));
  }

  private static java.util.OptionalInt slotCapacity(RequestBody body) {
    var capacity = body.optionalInteger("capacity");
    if (capacity.isPresent() && (capacity.getAsInt() < 1 || capacity.getAsInt() > MAX_CAPACITY)) {
      throw InvalidInput.unprocessable("capacity must be an integer from 1 to 100000");
    }
    return capacity;
  }

  static final long MAX_PRICE_MINOR = 1_000_000_000_000L;
  static final int MAX_CAPACITY = 100_000;

  private static Money price(RequestBody body) {
    try {
      long minor = body.nonNegativeLong("priceMinor");
      if (minor > MAX_PRICE_MINOR) {
        // The contract's bound: price x quantity (at most 100) then stays far inside a long.
        throw InvalidInput.unprocessable("priceMinor must be from 0 to 10^12");
      }
      return new Money(minor, body.text("currency"));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable(e.getMessage());
    }
  }

  private static Assignment assignment(RequestBody body) {
    return new Assignment(body.optionalText("coachId"), body.optionalText("roomId"));
  }

  private HttpResponse createAssignee(HttpRequest request, Assignee.Kind kind) {
    RequestBody body = RequestBody.parse(request.body());
    var command = new CatalogService.CreateAssignee(kind, body.text("venueId"), body.text("name"));
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, request.requireCaller(), body);
    return idempotency.once(
        key, () -> respond(catalog.createAssignee(command, key), 201, Views::assignee));
  }

  private HttpResponse generateSlots(HttpRequest request) {
    RequestBody body = RequestBody.parse(request.body());
    List<WeeklySchedule.Session> weekly = new java.util.ArrayList<>();
    for (RequestBody rule : body.objects("weekly", 50)) {
      java.time.DayOfWeek day = dayOfWeek(rule.text("dayOfWeek"));
      java.time.LocalTime start = rule.time("start");
      java.time.LocalTime end = rule.time("end");
      if (start.equals(end)) {
        throw InvalidInput.unprocessable("weekly: end must differ from start");
      }
      weekly.add(new WeeklySchedule.Session(day, start, end));
    }
    var command =
        new CatalogService.GenerateSlots(
            body.text("resourceId"),
            body.date("from"),
            body.date("to"),
            weekly,
            slotCapacity(body),
            price(body),
            body.optionalEnum("admission", Admission.class).orElse(Admission.DIRECT),
            assignment(body));
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, request.requireCaller(), body);
    return idempotency.once(
        key, () -> respond(catalog.generate(command), 200, Views.GeneratedView::of));
  }

  private static java.time.DayOfWeek dayOfWeek(String text) {
    for (java.time.DayOfWeek d : java.time.DayOfWeek.values()) {
      if (d.name().startsWith(text.toUpperCase(java.util.Locale.ROOT)) && text.length() >= 3) {
        return d;
      }
    }
    throw InvalidInput.unprocessable("dayOfWeek must be MON, TUE, WED, THU, FRI, SAT or SUN");
  }

  private HttpResponse cancelSlot(HttpRequest request) {
    return respond(
        cancellation.cancel(request.requireCaller().userId(), request.path("slotId")),
        200,
        Views.SlotCancelledView::of);
  }

  private HttpResponse listSlots(HttpRequest request) {
    var page =
        catalog.slotsOn(
            request.requiredQuery("venueId"), request.dateQuery("date"), request.page());
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream().map(SlotView::of).toList(), page.nextCursor().orElse(null)));
  }

  private HttpResponse getSlot(HttpRequest request) {
    return catalog
        .slot(request.path("slotId"))
        .map(s -> HttpResponse.json(200, SlotView.of(s)))
        .orElseGet(() -> notFound("slot"));
  }

  private HttpResponse setOpen(HttpRequest request, boolean open) {
    return respond(
        catalog.setOpen(request.requireCaller().userId(), request.path("slotId"), open),
        200,
        SlotView::of);
  }

  // ---- bookings

  private HttpResponse book(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = RequestBody.parse(request.body());
    String slotId = body.text("slotId");
    int quantity = body.integer("quantity");
    boolean joinWaitlist = body.optionalBoolean("joinWaitlist").orElse(false);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return booked(
        bookings.book(
            BookingService.Book.byMember(caller.userId(), slotId, quantity, joinWaitlist, key)));
  }

  private static HttpResponse booked(Outcome<BookingService.Booked> outcome) {
    if (outcome instanceof Outcome.Done<BookingService.Booked> done) {
      if (done.value() instanceof BookingService.Booked.Replayed replayed) {
        return IdempotencyKeys.replayed(replayed.response());
      }
      if (done.value() instanceof BookingService.Booked.Queued queued) {
        String requestId = queued.request().requestId();
        return HttpResponse.json(202, new QueuedView(requestId, "QUEUED"))
            .withHeader("location", "/booking-requests/" + requestId);
      }
      var created = (BookingService.Booked.Created) done.value();
      return HttpResponse.rawJson(created.response().status(), created.response().body());
    }
    return Problems.of((Outcome.Refused<?>) outcome);
  }

  /** How a new booking is answered; also what a retry with the same Idempotency-Key replays. */
  public static fairslot.app.StoredResponse createdResponse(Booking booking) {
    return new fairslot.app.StoredResponse(
        201, fairslot.shared.Json.write(BookingView.of(booking, booking.createdAt())));
  }

  private HttpResponse getBooking(HttpRequest request) {
    return bookings
        .booking(request.requireCaller().userId(), request.path("bookingId"))
        .map(b -> HttpResponse.json(200, BookingView.of(b, clock.instant())))
        .orElseGet(() -> notFound("booking"));
  }

  private HttpResponse myBookings(HttpRequest request) {
    Optional<BookingStatus> status = request.queryParam("status").map(HttpApi::bookingStatus);
    Page<Booking> page = bookings.bookingsOf(request.requireCaller().userId(), request.page());
    var now = clock.instant();
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream()
                .filter(b -> status.isEmpty() || b.statusAt(now) == status.get())
                .map(b -> BookingView.of(b, now))
                .toList(),
            page.nextCursor().orElse(null)));
  }

  private HttpResponse cancel(HttpRequest request) {
    return respond(
        bookings.cancel(request.requireCaller().userId(), request.path("bookingId")),
        200,
        b -> BookingView.of(b, clock.instant()));
  }

  // ---- payments

  private HttpResponse pay(HttpRequest request) {
    return respond(
        payments.pay(request.requireCaller().userId(), request.path("bookingId")),
        200,
        PaymentView::of);
  }

  /**
   * The provider's webhook. The signature over the raw body is checked before anything is read from
   * it; a replayed event id changes nothing and is still answered 200.
   */
  private HttpResponse paymentCallback(HttpRequest request) {
    String raw = request.body() == null ? "" : request.body();
    if (!webhookSignature.verify(
        request.header(WebhookSignature.TIMESTAMP_HEADER),
        request.header(WebhookSignature.SIGNATURE_HEADER),
        raw,
        clock.instant())) {
      return Problems.of(
          Refusal.BAD_SIGNATURE, 401, "missing, stale or wrong webhook signature", Map.of());
    }
    RequestBody body = RequestBody.parse(raw);
    Money amount;
    try {
      amount = new Money(body.nonNegativeLong("amountMinor"), body.text("currency"));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable(e.getMessage());
    }
    PaymentCallback callback =
        new PaymentCallback(
            body.text("eventId"),
            body.text("paymentNo"),
            body.text("bookingId"),
            amount,
            body.enumeration("status", PaymentCallback.Outcome.class));
    return respond(payments.callback(callback), 200, applied -> Map.of("ok", true));
  }

  private HttpResponse bookingRequest(HttpRequest request) {
    return admission
        .request(request.requireCaller().userId(), request.path("requestId"))
        .map(r -> HttpResponse.json(200, BookingRequestView.of(r)))
        .orElseGet(() -> notFound("booking request"));
  }

  private HttpResponse setAdmission(HttpRequest request) {
    RequestBody body = RequestBody.parse(request.body());
    return respond(
        catalog.setAdmission(
            request.requireCaller().userId(),
            request.path("slotId"),
            body.enumeration("admission", Admission.class)),
        200,
        SlotView::of);
  }

  // ---- waitlist

  private HttpResponse joinWaitlist(HttpRequest request) {
    Caller caller = request.requireCaller();
    String slotId = request.path("slotId");
    RequestBody body =
        request.body() == null || request.body().isBlank()
            ? RequestBody.parse("{}")
            : RequestBody.parse(request.body());
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () ->
            respond(
                waitlist.join(caller.userId(), slotId),
                201,
                place ->
                    new WaitlistJoinView(
                        place.entry().entryId(), place.position(), place.entry().status().name())));
  }

  private HttpResponse myWaitlistEntry(HttpRequest request) {
    String slotId = request.path("slotId");
    java.time.ZoneId zone =
        catalog.slot(slotId).map(fairslot.domain.Slot::timeZone).orElse(java.time.ZoneOffset.UTC);
    return respond(
        waitlist.mine(request.requireCaller().userId(), slotId),
        200,
        place -> WaitlistEntryView.of(place, clock.instant(), zone));
  }

  private HttpResponse leaveWaitlist(HttpRequest request) {
    waitlist.leave(request.requireCaller().userId(), request.path("slotId"));
    return HttpResponse.noContent();
  }

  private HttpResponse acceptOffer(HttpRequest request) {
    return respond(
        waitlist.accept(request.requireCaller().userId(), request.path("entryId")),
        201,
        b -> BookingView.of(b, clock.instant()));
  }

  private HttpResponse declineOffer(HttpRequest request) {
    Outcome<?> outcome =
        waitlist.decline(request.requireCaller().userId(), request.path("entryId"));
    return outcome instanceof Outcome.Refused<?> refused
        ? Problems.of(refused)
        : HttpResponse.noContent();
  }

  // ---- staff

  private HttpResponse walkIn(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = RequestBody.parse(request.body());
    String slotId = body.text("slotId");
    int quantity = body.integer("quantity");
    RequestBody who = body.object("customer");
    DeskService.Customer customer;
    if (who.has("userId") == who.has("phone")) {
      throw InvalidInput.unprocessable("customer needs exactly one of userId or phone (with name)");
    } else if (who.has("userId")) {
      customer = new DeskService.Customer.Account(who.text("userId"));
    } else {
      Phone phone =
          Phone.parse(who.text("phone"))
              .orElseThrow(
                  () ->
                      InvalidInput.unprocessable(
                          "customer.phone must be a phone number: an optional + and 6 to 15 digits"));
      customer = new DeskService.Customer.ByPhone(phone, who.text("name"));
    }
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return booked(desk.walkIn(caller.userId(), slotId, quantity, customer, key));
  }

  private HttpResponse searchBookings(HttpRequest request) {
    Optional<String> venueId = request.queryParam("venueId");
    Optional<java.time.LocalDate> date =
        request.queryParam("date").map(d -> request.dateQuery("date"));
    Optional<BookingStatus> status = request.queryParam("status").map(HttpApi::bookingStatus);
    Optional<Phone> phone =
        request
            .queryParam("phone")
            .map(
                p ->
                    Phone.parse(p)
                        .orElseThrow(
                            () ->
                                InvalidInput.unprocessable(
                                    "phone must be a phone number: an optional + and 6 to 15 digits")));
    var query = new DeskService.Search(venueId, date, status, phone, request.queryParam("userId"));
    Instant now = clock.instant();
    return respond(
        desk.search(query, request.page()),
        200,
        page ->
            new ListView<>(
                page.items().stream().map(b -> BookingView.of(b, now)).toList(),
                page.nextCursor().orElse(null)));
  }

  private HttpResponse dailyReport(HttpRequest request) {
    DailyReportView report =
        DailyReportView.of(
            desk.dailyReport(request.requiredQuery("venueId"), request.dateQuery("date")));
    boolean csv =
        request
            .header("accept")
            .map(a -> a.toLowerCase(java.util.Locale.ROOT).contains("text/csv"))
            .orElse(false);
    return csv
        ? new HttpResponse(200, Map.of("content-type", "text/csv; charset=utf-8"), report.csv())
        : HttpResponse.json(200, report);
  }

  private HttpResponse reconcile(HttpRequest request) {
    RequestBody body =
        request.body() == null || request.body().isBlank()
            ? RequestBody.parse("{}")
            : RequestBody.parse(request.body());
    int limit = body.optionalInteger("limit").orElse(PageRequest.DEFAULT_LIMIT);
    if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
      throw InvalidInput.unprocessable("limit must be 1.." + PageRequest.MAX_LIMIT);
    }
    Optional<String> cursor = body.optionalText("cursor");
    cursor.ifPresent(
        c -> {
          if (!fairslot.store.dynamodb.Cursors.wellFormed(c)) {
            throw InvalidInput.unprocessable("cursor is not one this API returned");
          }
        });
    return respond(
        reconciliation.check(
            new Reconciliation.Request(
                body.optionalText("slotId"),
                cursor,
                limit,
                body.optionalBoolean("repair").orElse(false),
                request.requireCaller().userId())),
        200,
        Views.ReconcileView::of);
  }

  private HttpResponse staffAction(
      HttpRequest request, java.util.function.BiFunction<String, String, Outcome<Booking>> action) {
    return respond(
        action.apply(request.requireCaller().userId(), request.path("bookingId")),
        200,
        b -> BookingView.of(b, clock.instant()));
  }

  private HttpResponse audit(HttpRequest request) {
    Optional<String> bookingId = request.queryParam("bookingId");
    Optional<String> slotId = request.queryParam("slotId");
    if (bookingId.isPresent() == slotId.isPresent()) {
      throw InvalidInput.unprocessable("give exactly one of bookingId or slotId");
    }
    List<AuditEntry> entries =
        bookingId.map(staff::auditOfBooking).orElseGet(() -> staff.auditOfSlot(slotId.get()));
    return HttpResponse.json(
        200, new ListView<>(entries.stream().map(AuditView::of).toList(), null));
  }

  // ---- helpers

  private static <T> HttpResponse respond(
      Outcome<T> outcome, int status, Function<T, Object> view) {
    if (outcome instanceof Outcome.Done<T> done) {
      return HttpResponse.json(status, view.apply(done.value()));
    }
    return Problems.of((Outcome.Refused<?>) outcome);
  }

  private static HttpResponse notFound(String what) {
    return Problems.of(Refusal.NOT_FOUND, 404, "no such " + what, Map.of());
  }

  private static BookingStatus bookingStatus(String s) {
    try {
      return BookingStatus.valueOf(s);
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("status must be a booking status such as PENDING_PAY");
    }
  }

  private static ZoneId zone(String id) {
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      throw InvalidInput.unprocessable("timeZone must be an IANA zone id such as Asia/Shanghai");
    }
  }
}
