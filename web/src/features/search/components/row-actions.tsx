import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';

/** The edit and delete buttons at the end of a named row (a favourites list, a saved search). */
export function RowActions(props: {
  editLabel: string;
  editTestId: string;
  onEdit: () => void;
  deleteLabel: string;
  deleteTestId: string;
  onDelete: () => void;
}) {
  return (
    <Box sx={{ display: 'flex' }}>
      <IconButton
        size="small"
        onClick={props.onEdit}
        aria-label={props.editLabel}
        data-testid={props.editTestId}
      >
        <EditOutlined fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        onClick={props.onDelete}
        aria-label={props.deleteLabel}
        data-testid={props.deleteTestId}
      >
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}
