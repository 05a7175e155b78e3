package org.jzenith.messaging.spi;

/**
 * The positions of a connector's messages taken from the broker and not yet confirmed to it, and up to
 * where all are done: Kafka's offsets of a partition, RabbitMQ's delivery tags of a channel. Positions
 * are opened in the broker's order (ascending), done in any order (a {@code Message} method acks when it
 * likes); the {@link #watermark()} is the highest position done with every position opened before it
 * done, which is what a connector may confirm to the broker, when its {@link CommitStrategy} says.
 *
 * <p>The positions are kept in a ring that only grows (to the most open at once), so that opening and
 * finishing positions costs no allocation; finishing any position costs no search while positions follow
 * one another without gaps (the usual case), and a binary search past a gap.
 *
 * <pre>{@code
 * DonePositions positions = new DonePositions();
 * positions.open(7);  positions.open(8);  positions.open(9);
 * positions.done(8);         // false: 7 is still open
 * positions.done(7);         // true: the watermark moved, to 8
 * positions.watermark();     // 8: Kafka commits offset 9, RabbitMQ may ack up to tag 8 at once
 * }</pre>
 *
 * <p>Not thread-safe: a connector calls it under the lock that guards its own state.
 */
public final class DonePositions {

    /** The {@link #watermark()} while no position is done yet. */
    public static final long NONE = -1;

    private long[] positions;
    private boolean[] done;
    private int head;
    private int size;
    private long newest = NONE;
    private long watermark = NONE;

    /** A tracker that first holds 64 open positions, and grows when more are open at once. */
    public DonePositions() {
        this(64);
    }

    /** A tracker that first holds {@code capacity} open positions (rounded up to a power of two). */
    public DonePositions(final int capacity) {
        final int ring = Integer.highestOneBit(Math.max(2, capacity) - 1) << 1;
        this.positions = new long[ring];
        this.done = new boolean[ring];
    }

    /**
     * {@code position} was taken from the broker; positions are opened in ascending order, from 0 on.
     *
     * @throws IllegalArgumentException when {@code position} is negative or not above the last one opened
     */
    public void open(final long position) {
        if (position < 0 || position <= newest) {
            throw new IllegalArgumentException(
                    "Position " + position + " opened after " + newest + ": positions are opened in ascending order");
        }
        if (size == positions.length) {
            grow();
        }
        final int at = (head + size) & (positions.length - 1);
        positions[at] = position;
        done[at] = false;
        size++;
        newest = position;
    }

    /**
     * {@code position} is done. True when it was the oldest open position, so that the {@link
     * #watermark()} moved (past it and every later position done before it); false when an earlier one
     * is still open, or {@code position} is not open (never opened, done already, withdrawn, cleared).
     */
    public boolean done(final long position) {
        final int index = indexOf(position);
        if (index < 0) {
            return false;
        }
        final int at = (head + index) & (positions.length - 1);
        if (done[at]) {
            return false;
        }
        done[at] = true;
        if (index != 0) {
            return false;
        }
        settleHead();
        return true;
    }

    /**
     * Takes back the open {@code position} as if it had never been opened: it will not be done (the
     * channel stops at it, say). True when it was open and not done; a position done already stays done.
     */
    public boolean withdraw(final long position) {
        final int index = indexOf(position);
        final int mask = positions.length - 1;
        if (index < 0 || done[(head + index) & mask]) {
            return false;
        }
        for (int i = index; i < size - 1; i++) {
            final int to = (head + i) & mask;
            final int from = (head + i + 1) & mask;
            positions[to] = positions[from];
            done[to] = done[from];
        }
        size--;
        if (index == 0) {
            settleHead();
        }
        return true;
    }

    /**
     * The highest position done with every position opened before it done, or {@link #NONE} while none
     * is. It never goes back, not even by {@link #clear()}.
     */
    public long watermark() {
        return watermark;
    }

    /** Whether no position is open: every one opened is done (or withdrawn, or cleared). */
    public boolean settled() {
        return size == 0;
    }

    /** How many positions are held: the open ones, and those done after the oldest open one. */
    public int held() {
        return size;
    }

    /** Forgets every open position (they are given up: the broker delivers them again); the watermark stays. */
    public void clear() {
        head = 0;
        size = 0;
    }

    /** Drops the done positions at the ring's head, moving the watermark past them. */
    private void settleHead() {
        final int mask = positions.length - 1;
        while (size > 0 && done[head]) {
            watermark = positions[head];
            head = (head + 1) & mask;
            size--;
        }
    }

    /** The index of {@code position} from the ring's head, or -1 when it is not held. */
    private int indexOf(final long position) {
        if (size == 0) {
            return -1;
        }
        final int mask = positions.length - 1;
        final long oldest = positions[head];
        if (position < oldest || position > newest) {
            return -1;
        }
        // Positions usually follow one another without gaps (a partition's offsets, a channel's delivery
        // tags), so a position's distance from the oldest is its index: found at once, wherever it is.
        // Messages done out of order are common (a processor's results acknowledged batch by batch, one
        // output partition after another), and a search through thousands in flight cost a processor's
        // producer thread a sixth of its time. Past a gap (a transaction marker, a compacted offset) the
        // index is smaller than the distance: a binary search up to it.
        final long distance = position - oldest;
        if (distance < size && positions[(int) ((head + distance) & mask)] == position) {
            return (int) distance;
        }
        int low = 0;
        int high = (int) Math.min(size - 1, distance);
        while (low <= high) {
            final int middle = (low + high) >>> 1;
            final long found = positions[(head + middle) & mask];
            if (found < position) {
                low = middle + 1;
            } else if (found > position) {
                high = middle - 1;
            } else {
                return middle;
            }
        }
        return -1;
    }

    private void grow() {
        final int mask = positions.length - 1;
        final long[] morePositions = new long[positions.length * 2];
        final boolean[] moreDone = new boolean[positions.length * 2];
        for (int i = 0; i < size; i++) {
            morePositions[i] = positions[(head + i) & mask];
            moreDone[i] = done[(head + i) & mask];
        }
        positions = morePositions;
        done = moreDone;
        head = 0;
    }
}
