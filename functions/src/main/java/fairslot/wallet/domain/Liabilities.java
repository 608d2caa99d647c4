package fairslot.wallet.domain;

import fairslot.money.domain.LedgerEntry;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a venue owes its members in stored value at the end of a day (API.md v1.3 "Liabilities"):
 * per currency, the principal and bonus of its wallets, each the sum of the ledger entries made
 * before that day ended.
 */
public record Liabilities(String venueId, LocalDate date, List<Owed> byCurrency) {

  public Liabilities {
    byCurrency = List.copyOf(byCurrency);
  }

  /** One currency's stored value owed. */
  public record Owed(String currency, long walletPrincipalMinor, long walletBonusMinor) {}

  /** The sums of {@code entries}, by currency (in currency order). */
  public static Liabilities of(String venueId, LocalDate date, List<LedgerEntry> entries) {
    Map<String, long[]> sums = new TreeMap<>();
    for (LedgerEntry e : entries) {
      long[] sum = sums.computeIfAbsent(e.currency(), c -> new long[2]);
      sum[0] += e.principalDeltaMinor();
      sum[1] += e.bonusDeltaMinor();
    }
    return new Liabilities(
        venueId,
        date,
        sums.entrySet().stream()
            .map(s -> new Owed(s.getKey(), s.getValue()[0], s.getValue()[1]))
            .toList());
  }
}
