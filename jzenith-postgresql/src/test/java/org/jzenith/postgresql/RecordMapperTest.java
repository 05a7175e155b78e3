package org.jzenith.postgresql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RecordMapperTest {

    @Test
    void aComponentTakesItsSnakeCaseColumnFirst() {
        assertThat(RecordMapper.columnNames("createdAt")).containsExactly("created_at", "createdat", "createdAt");
        assertThat(RecordMapper.columnNames("id")).containsExactly("id");
        assertThat(RecordMapper.columnNames("userId2Name"))
                .containsExactly("user_id2_name", "userid2name", "userId2Name");
    }

    @Test
    void onlyRecordsAreMapped() {
        @SuppressWarnings({"unchecked", "rawtypes"})
        final Class<Record> notARecord = (Class) String.class;
        assertThatThrownBy(() -> RecordMapper.of(notARecord))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("java.lang.String is not a record");
    }
}
