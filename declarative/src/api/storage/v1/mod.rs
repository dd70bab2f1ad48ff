//! `storage.k8s.io/v1`: [`StorageClass`], [`VolumeAttachment`] and [`CSIDriver`].

mod csi_driver;
mod storage_class;
mod volume_attachment;

pub use csi_driver::{CSIDriver, CSIDriverSpec, TokenRequest};
pub use storage_class::{StorageClass, TopologySelectorLabelRequirement, TopologySelectorTerm};
pub use volume_attachment::{
    VolumeAttachment, VolumeAttachmentSource, VolumeAttachmentSpec, VolumeAttachmentStatus,
    VolumeError,
};
