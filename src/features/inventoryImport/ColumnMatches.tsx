import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SelectInput, type SelectOption } from '../../components/SelectInput';
import type { ImportColumn, ImportField, ImportMapping } from './importTypes';
import { FIELD_LABELS } from './importText';

/** The value of 'Ignore this column' in a select (a field name is never empty). */
const IGNORE = '';

const OPTIONS: SelectOption[] = [
  { value: IGNORE, label: 'Ignore this column' },
  ...Object.entries(FIELD_LABELS).map(([value, label]) => ({ value, label })),
];

/** The columns as a mapping, with one header's field changed. */
export function mappingWith(
  columns: readonly ImportColumn[],
  header: string,
  field: ImportField | null,
): ImportMapping {
  const mapping: ImportMapping = {};
  for (const column of columns) mapping[column.header] = column.field;
  mapping[header] = field;
  return mapping;
}

/**
 * Which field each of the file's columns fills, as matched from its header: one select a column.
 * A change is sent at once and the file is checked again.
 */
export function ColumnMatches({
  columns,
  busy,
  refusal,
  onChange,
}: {
  columns: readonly ImportColumn[];
  busy: boolean;
  refusal: string | null;
  onChange: (mapping: ImportMapping) => void;
}) {
  return (
    <Box component="section" aria-labelledby="import-columns-title">
      <Typography
        id="import-columns-title"
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 700 }}
      >
        Column matches
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Each column of your file and what it fills in. Change one and the file is checked again.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {columns.map((column, index) => (
          <SelectInput
            key={`${index}-${column.header}`}
            label={column.header || `Column ${index + 1}`}
            name={`column-${index}`}
            value={column.field ?? IGNORE}
            options={OPTIONS}
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value;
              const field = value === IGNORE ? null : (value as ImportField);
              onChange(mappingWith(columns, column.header, field));
            }}
          />
        ))}
      </Box>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
    </Box>
  );
}
