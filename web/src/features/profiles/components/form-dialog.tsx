import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import type { ReactNode } from 'react';

/**
 * A dialog whose content is a form of its own: it cannot be closed while `pending`, and its submit event stays
 * inside it.
 */
export function FormDialog({
  pending,
  onClose,
  onSubmit,
  children,
  ...dialogProps
}: Omit<DialogProps, 'open' | 'onClose' | 'onSubmit' | 'children'> & {
  pending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth {...dialogProps}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog is portalled out of the editor's form in the DOM but not in React's tree, where its
          // submit event would bubble on to the editor and save the whole profile as well.
          event.stopPropagation();
          onSubmit();
        }}
        sx={{ display: 'contents' }}
      >
        {children}
      </Box>
    </Dialog>
  );
}
