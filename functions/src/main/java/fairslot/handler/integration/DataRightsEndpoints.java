package fairslot.handler.integration;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.handler.http.Endpoints;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.privacy.app.MemberData;
import fairslot.privacy.domain.Erasure;
import fairslot.shared.Json;
import java.util.List;
import java.util.Map;

/**
 * A member's data rights (API.md v1.2 "Data rights"): the export of what fairslot holds about them,
 * and erasure. Both act on the caller only: there is no way to name someone else.
 */
public final class DataRightsEndpoints implements Endpoints {
  private final MemberData data;

  public DataRightsEndpoints(MemberData data) {
    this.data = data;
  }

  /** The erasure request as the member sees it. */
  public record ErasureView(
      String status,
      String requestedAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) String erasedAt) {
    static ErasureView of(Erasure e) {
      return new ErasureView(
          e.status().name(),
          e.requestedAt().toString(),
          e.erasedAt().map(Object::toString).orElse(null));
    }
  }

  @Override
  public List<String> routeKeys() {
    return List.of("GET /me/export", "POST /me/erase");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /me/export" ->
          new HttpResponse(
              200,
              Map.of(
                  "content-type",
                  "application/json",
                  "cache-control",
                  "no-store",
                  "content-disposition",
                  "attachment; filename=\"fairslot-export.json\""),
              Json.write(data.export(request.requireCaller().userId())));
      case "POST /me/erase" ->
          HttpResponse.json(
              202, ErasureView.of(data.requestErasure(request.requireCaller().userId())));
      default -> throw Endpoints.notServed(routeKey);
    };
  }
}
