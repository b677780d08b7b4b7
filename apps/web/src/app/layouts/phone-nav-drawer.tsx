import Drawer from '@mui/material/Drawer';
import { useEffect, useState, type ReactNode } from 'react';

type PhoneNavDrawerProps = {
  /** The dialog's name: the drawer is a modal dialog, and a dialog without a name is announced as nothing. */
  label: string;
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
};

/** The navigation as a drawer over the page, for phones: fetched when it is first opened. */
export function PhoneNavDrawer({ label, open, onClose, width, children }: PhoneNavDrawerProps) {
  // Mounted closed, then opened: so it slides in the first time too, as it did when it was mounted with the page.
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Drawer
      id="dashboard-nav"
      variant="temporary"
      open={open && isMounted}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { 'aria-label': label } }}
      sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width } }}
    >
      {children}
    </Drawer>
  );
}
