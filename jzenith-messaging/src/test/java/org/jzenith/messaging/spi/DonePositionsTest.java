package org.jzenith.messaging.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class DonePositionsTest {

    @Test
    void theWatermarkWaitsForTheOldestOpenPosition() {
        final DonePositions positions = new DonePositions();
        positions.open(7);
        positions.open(8);
        positions.open(9);

        assertThat(positions.watermark()).isEqualTo(DonePositions.NONE);
        assertThat(positions.done(9)).isFalse();
        assertThat(positions.done(8)).isFalse();
        assertThat(positions.watermark()).isEqualTo(DonePositions.NONE);
        assertThat(positions.done(7)).isTrue();
        assertThat(positions.watermark()).isEqualTo(9);
        assertThat(positions.settled()).isTrue();
    }

    @Test
    void aPositionDoneTwiceOrNeverOpenedChangesNothing() {
        final DonePositions positions = new DonePositions();
        positions.open(1);
        positions.open(3); // positions may leave gaps: compacted offsets
        positions.open(4);

        assertThat(positions.done(3)).isFalse();
        assertThat(positions.done(3)).isFalse();
        assertThat(positions.done(2)).isFalse();
        assertThat(positions.done(5)).isFalse();
        assertThat(positions.held()).isEqualTo(3);
        assertThat(positions.done(1)).isTrue();
        assertThat(positions.done(1)).isFalse();
        assertThat(positions.watermark()).isEqualTo(3);
        assertThat(positions.held()).isEqualTo(1);
    }

    @Test
    void aWithdrawnPositionIsAsIfNeverOpened() {
        final DonePositions positions = new DonePositions();
        positions.open(1);
        positions.open(2);
        positions.open(3);
        positions.done(2);

        assertThat(positions.withdraw(2)).as("done already: it stays").isFalse();
        assertThat(positions.withdraw(3)).isTrue();
        assertThat(positions.withdraw(3)).isFalse();
        assertThat(positions.done(1)).isTrue();
        assertThat(positions.watermark()).isEqualTo(2);
        assertThat(positions.settled()).isTrue();
    }

    @Test
    void clearingGivesUpTheOpenPositionsButNotTheWatermark() {
        final DonePositions positions = new DonePositions();
        positions.open(1);
        positions.open(2);
        positions.done(1);
        positions.clear();

        assertThat(positions.settled()).isTrue();
        assertThat(positions.done(2)).isFalse();
        assertThat(positions.watermark()).isEqualTo(1);
    }

    @Test
    void positionsOpenInAscendingOrderOnly() {
        final DonePositions positions = new DonePositions();
        positions.open(5);

        assertThatThrownBy(() -> positions.open(5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> positions.open(4)).hasMessageContaining("ascending");
        assertThatThrownBy(() -> new DonePositions().open(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRingWrapsAroundAndGrowsWithTheSameAnswers() {
        // Positions with gaps (transaction markers, compacted offsets): found by a search.
        checkAgainstModel(3);
    }

    @Test
    void positionsWithoutGapsDoneOutOfOrderGiveTheSameAnswers() {
        // A partition's offsets, a channel's delivery tags: found by their distance from the oldest.
        checkAgainstModel(1);
    }

    /**
     * A small ring, positions up to {@code maxGap} apart, done in shuffled windows, and positions never
     * opened asked too: every answer checked against a plain model (a sorted map of the open positions),
     * across many wrap-arounds and growths.
     */
    private static void checkAgainstModel(final int maxGap) {
        final DonePositions positions = new DonePositions(4);
        final TreeMap<Long, Boolean> model = new TreeMap<>();
        final Random random = new Random(35);
        long next = -1;
        long watermark = DonePositions.NONE;
        for (int round = 0; round < 2_000; round++) {
            final List<Long> opened = new ArrayList<>();
            final int count = 1 + random.nextInt(round % 100 == 0 ? 40 : 6);
            for (int i = 0; i < count; i++) {
                next += 1 + random.nextInt(maxGap);
                positions.open(next);
                model.put(next, false);
                opened.add(next);
            }
            Collections.shuffle(opened, random);
            final List<Long> finishing = new ArrayList<>(opened.subList(0, random.nextInt(opened.size() + 1)));
            final List<Long> earlier = new ArrayList<>(model.keySet());
            Collections.shuffle(earlier, random);
            finishing.addAll(earlier.subList(0, Math.min(2, earlier.size())));
            finishing.add(next + 1 + random.nextInt(3)); // not opened yet
            finishing.add((long) random.nextInt((int) next + 1)); // any earlier one, opened or not
            for (final long position : finishing) {
                final boolean open = model.containsKey(position) && !model.get(position);
                final boolean oldest = open && model.firstKey() == position;
                assertThat(positions.done(position)).as("done(%d)", position).isEqualTo(oldest);
                if (open) {
                    model.put(position, true);
                }
                while (!model.isEmpty() && model.firstEntry().getValue()) {
                    watermark = model.pollFirstEntry().getKey();
                }
                assertThat(positions.watermark()).isEqualTo(watermark);
                assertThat(positions.held()).isEqualTo(model.size());
            }
        }
        for (final long position : List.copyOf(model.keySet())) {
            positions.done(position);
        }
        assertThat(positions.settled()).isTrue();
        assertThat(positions.watermark()).isEqualTo(next);
    }
}
