package fairslot.handler.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import fairslot.kernel.Refusal;
import fairslot.shared.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** A JSON object body read with typed, field-named errors. */
public final class RequestBody {
  public static final int MAX_BYTES = 64 * 1024;

  private final JsonNode root;

  private RequestBody(JsonNode root) {
    this.root = root;
  }

  /** Once per request, when it is read ({@link ParsedBody}); nothing else parses a body. */
  static RequestBody parse(String text) {
    if (text == null || text.isBlank()) {
      throw InvalidInput.malformed("a JSON object body is required");
    }
    if (text.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
      throw new InvalidInput(Refusal.PAYLOAD_TOO_LARGE, 413, "the body exceeds 64 KiB");
    }
    JsonNode root;
    try {
      root = Json.read(text);
    } catch (JsonProcessingException e) {
      throw InvalidInput.malformed("the body is not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw InvalidInput.malformed("the body must be a JSON object");
    }
    return new RequestBody(root);
  }

  public JsonNode tree() {
    return root;
  }

  public String text(String field) {
    return optionalText(field)
        .orElseThrow(() -> InvalidInput.unprocessable(field + " is required"));
  }

  public Optional<String> optionalText(String field) {
    return optionalText(field, 200);
  }

  /** A text up to {@code max} characters (a note), with the same rules as any other. */
  public String longText(String field, int max) {
    return optionalText(field, max)
        .orElseThrow(() -> InvalidInput.unprocessable(field + " is required"));
  }

  private Optional<String> optionalText(String field, int max) {
    return textOf(field, root.get(field), max);
  }

  private static Optional<String> textOf(String field, JsonNode v, int max) {
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isTextual()) {
      throw InvalidInput.unprocessable(field + " must be a string");
    }
    String s = v.asText().strip();
    if (s.isEmpty()) {
      throw InvalidInput.unprocessable(field + " must not be empty");
    }
    if (s.length() > max) {
      throw InvalidInput.unprocessable(field + " is longer than " + max + " characters");
    }
    // NUL, escapes and line breaks have no place in a name, id or code; they only make logs, CSV
    // exports and notifications lie.
    if (s.chars().anyMatch(Character::isISOControl)) {
      throw InvalidInput.unprocessable(field + " contains control characters");
    }
    return Optional.of(s);
  }

  /**
   * Refuses any field not named here: where a misspelt field would silently fall back to a default
   * (a venue's policy), the caller learns of it instead.
   */
  public RequestBody onlyFields(String what, Set<String> known) {
    root.fieldNames()
        .forEachRemaining(
            f -> {
              if (!known.contains(f)) {
                throw InvalidInput.unprocessable(
                    what + ": unknown field " + f + " (known: " + new TreeSet<>(known) + ")");
              }
            });
    return this;
  }

  public int integer(String field) {
    OptionalInt v = optionalInteger(field);
    if (v.isEmpty()) {
      throw InvalidInput.unprocessable(field + " is required");
    }
    return v.getAsInt();
  }

  public OptionalInt optionalInteger(String field) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      return OptionalInt.empty();
    }
    if (!v.isIntegralNumber()) {
      throw InvalidInput.unprocessable(field + " must be an integer");
    }
    if (!v.canConvertToInt()) {
      throw InvalidInput.unprocessable(field + " is out of range");
    }
    return OptionalInt.of(v.intValue());
  }

  public Optional<Boolean> optionalBoolean(String field) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isBoolean()) {
      throw InvalidInput.unprocessable(field + " must be true or false");
    }
    return Optional.of(v.booleanValue());
  }

  public long nonNegativeLong(String field) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      throw InvalidInput.unprocessable(field + " is required");
    }
    if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
      throw InvalidInput.unprocessable(field + " must be a non-negative integer");
    }
    return v.longValue();
  }

  public <E extends Enum<E>> Optional<E> optionalEnum(String field, Class<E> type) {
    return optionalText(field)
        .map(
            s -> {
              try {
                return Enum.valueOf(type, s);
              } catch (IllegalArgumentException e) {
                throw InvalidInput.unprocessable(
                    field
                        + " must be one of "
                        + Arrays.stream(type.getEnumConstants())
                            .map(Enum::name)
                            .collect(Collectors.joining(", ")));
              }
            });
  }

  public <E extends Enum<E>> E enumeration(String field, Class<E> type) {
    return optionalEnum(field, type)
        .orElseThrow(() -> InvalidInput.unprocessable(field + " is required"));
  }

  public RequestBody object(String field) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      return new RequestBody(Json.object());
    }
    if (!v.isObject()) {
      throw InvalidInput.unprocessable(field + " must be an object");
    }
    return new RequestBody(v);
  }

  public Optional<Duration> optionalDuration(String field) {
    return optionalText(field)
        .map(
            s -> {
              try {
                return Duration.parse(s);
              } catch (DateTimeParseException e) {
                throw InvalidInput.unprocessable(
                    field + " must be an ISO-8601 duration such as PT15M");
              }
            });
  }

  /** Whether the field is present and not null. */
  public boolean has(String field) {
    JsonNode v = root.get(field);
    return v != null && !v.isNull();
  }

  /** A required non-empty array of objects, at most {@code max} long. */
  public List<RequestBody> objects(String field, int max) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      throw InvalidInput.unprocessable(field + " is required");
    }
    if (!v.isArray() || v.isEmpty()) {
      throw InvalidInput.unprocessable(field + " must be a non-empty array");
    }
    if (v.size() > max) {
      throw InvalidInput.unprocessable(field + " has more than " + max + " entries");
    }
    List<RequestBody> items = new ArrayList<>();
    for (JsonNode item : v) {
      if (!item.isObject()) {
        throw InvalidInput.unprocessable(field + " must hold objects");
      }
      items.add(new RequestBody(item));
    }
    return items;
  }

  /**
   * An optional array of ids (empty when absent), each a string by the rules of any text, at most
   * {@code max} long and without repeats.
   */
  public List<String> optionalTexts(String field, int max) {
    return texts(field, max, false);
  }

  /**
   * As {@link #optionalTexts}, keeping repeats for the service to judge (a booking's {@code
   * slotIds}: the contract names its own code for a slot named twice).
   */
  public List<String> optionalTextsWithRepeats(String field, int max) {
    return texts(field, max, true);
  }

  private List<String> texts(String field, int max, boolean repeats) {
    JsonNode v = root.get(field);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (!v.isArray()) {
      throw InvalidInput.unprocessable(field + " must be an array of strings");
    }
    if (v.size() > max) {
      throw InvalidInput.unprocessable(field + " has more than " + max + " entries");
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode item : v) {
      String text =
          textOf(field, item, 200)
              .orElseThrow(() -> InvalidInput.unprocessable(field + " must hold strings"));
      if (!repeats && texts.contains(text)) {
        throw InvalidInput.unprocessable(field + " names " + text + " twice");
      }
      texts.add(text);
    }
    return texts;
  }

  public LocalDate date(String field) {
    try {
      return LocalDate.parse(text(field));
    } catch (DateTimeParseException e) {
      throw InvalidInput.unprocessable(field + " must be a date such as 2026-12-01");
    }
  }

  public LocalTime time(String field) {
    try {
      return LocalTime.parse(text(field));
    } catch (DateTimeParseException e) {
      throw InvalidInput.unprocessable(field + " must be a local time such as 18:00");
    }
  }
}
